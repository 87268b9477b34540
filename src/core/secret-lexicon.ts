/**
 * The secret kinds the redactor knows by their shape: one entry per kind, each with the pattern
 * that finds it, the keywords one of which a text must contain before the pattern runs, and
 * examples a test builds at run time from parts (so no real-looking key sits in the repository).
 *
 * Token formats are ported from gitleaks' default rules (github.com/gitleaks/gitleaks,
 * config/gitleaks.toml, MIT licence, Copyright (c) 2019 Zachary Rice): `source` names the gitleaks
 * rule an entry follows. Entries without a source are tacit's own (command-line flags, connection
 * strings, Chinese wording). Secrets named by the field they are assigned to (`DB_PASSWORD=…`,
 * `{"token": …}`) are found by the name rules in secret-names.ts, not here.
 */

/** Characters an example part is drawn from. */
export const EXAMPLE_CHARSETS = {
  alnum: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
  upper: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
  lower: "abcdefghijklmnopqrstuvwxyz0123456789",
  hex: "0123456789abcdef",
  digits: "0123456789",
  base64: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
  urlsafe: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
  bech32: "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",
} as const;

/** A literal part of an example secret, or `length` random characters from a charset. */
export type ExamplePart = string | { chars: keyof typeof EXAMPLE_CHARSETS; length: number };

/**
 * An example: `text` with `{secret}` where the generated secret goes. Everything the secret's
 * parts make must be gone from the redacted text; `kept` (when given) must still be there.
 */
export interface SecretExample {
  text: string;
  secret: readonly ExamplePart[];
  kept?: string;
}

/** One kind of secret found by its shape. */
export interface SecretKind {
  /** Shown in the marker: `[REDACTED:<id>]`. */
  id: string;
  description: string;
  /**
   * Global regular expression. When it has a named group starting with `secret`, only the first
   * such group that matched is replaced; otherwise the whole match is.
   */
  pattern: RegExp;
  /**
   * Lower-case substrings; the pattern runs only on text that contains one of them (none: on every
   * text, for a cheap pattern whose only literal is too common to narrow anything down).
   */
  keywords: readonly string[];
  /** Rejects a found value that is not a secret after all (a placeholder, an English word). */
  accept?: (secret: string) => boolean;
  examples: readonly SecretExample[];
  /** The gitleaks rule this entry is ported from, when it is. */
  source?: string;
}

/** After an attached or spaced command-line value: not another flag, not a variable. */
const notReference = (value: string) => !/^(?:-|\$|%[A-Za-z_]|<|\{\{)/.test(value);

/** Prose and headers use these words too: a token after them has a digit or a symbol. */
const looksRandom = (value: string) => /[0-9+/=_~-]/.test(value) || /[a-z][A-Z]|[A-Z]{2}[a-z]/.test(value);

/**
 * Kinds with a fixed shape first (a token format is the most specific thing to name), then kinds
 * found by their context (a header, a URL, a command line, a sentence). An earlier kind's find is
 * never split by a later one.
 */
export const SECRET_KINDS: readonly SecretKind[] = [
  {
    id: "pgp-private-key",
    description: "an armoured PGP private key block",
    pattern:
      /-----BEGIN PGP PRIVATE KEY BLOCK-----[\s\S]*?(?:-----END PGP PRIVATE KEY BLOCK-----|(?=\\?["'])|$)/g,
    keywords: ["pgp private key"],
    examples: [
      {
        text: "gpg --export-secret-keys\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{secret}\n-----END PGP PRIVATE KEY BLOCK-----\ndone",
        secret: [{ chars: "base64", length: 64 }, "\n", { chars: "base64", length: 40 }],
        kept: "done",
      },
    ],
    source: "private-key",
  },
  {
    id: "private-key",
    description: "a PEM private key block (RSA, EC, DSA, OpenSSH, PKCS#8, encrypted)",
    pattern:
      /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|(?=\\?["'])|$)/g,
    keywords: ["private key"],
    examples: [
      {
        text: "cat id_rsa\n-----BEGIN RSA PRIVATE KEY-----\n{secret}\n-----END RSA PRIVATE KEY-----\nok",
        secret: ["MIIE", { chars: "base64", length: 60 }, "\n", { chars: "base64", length: 64 }],
        kept: "ok",
      },
      {
        text: '{"private_key": "-----BEGIN PRIVATE KEY-----\\n{secret}\\n-----END PRIVATE KEY-----\\n"}',
        secret: ["MIIE", { chars: "base64", length: 60 }],
      },
    ],
    source: "private-key",
  },
  {
    id: "anthropic-api-key",
    description: "an Anthropic API or admin key",
    pattern: /\bsk-ant-(?:api|admin|oat)\d{2}-[A-Za-z0-9_-]{20,}/g,
    keywords: ["sk-ant-"],
    examples: [
      {
        text: "ANTHROPIC_API_KEY={secret} claude",
        secret: ["sk-", "ant-", "api03-", { chars: "urlsafe", length: 93 }, "AA"],
      },
    ],
    source: "anthropic-api-key",
  },
  {
    id: "api-key",
    description: "an OpenAI-style `sk-` key (OpenAI, DeepSeek, Moonshot and other compatible APIs)",
    pattern: /\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}/g,
    keywords: ["sk-"],
    examples: [
      { text: "key is {secret}", secret: ["sk-", "proj-", { chars: "urlsafe", length: 48 }] },
      { text: "export DEEPSEEK_KEY={secret}", secret: ["sk-", { chars: "hex", length: 32 }] },
    ],
    source: "openai-api-key",
  },
  {
    id: "github-token",
    description: "a GitHub personal, OAuth, app or refresh token",
    pattern: /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
    keywords: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
    examples: [
      {
        text: "git clone https://{secret}@github.com/acme/api",
        secret: ["gh", "p_", { chars: "alnum", length: 36 }],
      },
      { text: "GH_TOKEN: {secret}", secret: ["gh", "s_", { chars: "alnum", length: 36 }] },
    ],
    source: "github-pat",
  },
  {
    id: "github-fine-grained-pat",
    description: "a GitHub fine-grained personal access token",
    pattern: /\bgithub_pat_[A-Za-z0-9_]{22,}/g,
    keywords: ["github_pat_"],
    examples: [
      { text: "use {secret} for the API", secret: ["github_", "pat_", { chars: "alnum", length: 82 }] },
    ],
    source: "github-fine-grained-pat",
  },
  {
    id: "gitlab-token",
    description: "a GitLab personal, deploy, runner, pipeline or other `gl…-` token",
    pattern: /\bgl(?:pat|dt|rt|ptt|cbt|ft|imt|agent|oas|soat|ffct)-[A-Za-z0-9_-]{20,}/g,
    keywords: [
      "glpat-",
      "gldt-",
      "glrt-",
      "glptt-",
      "glcbt-",
      "glft-",
      "glimt-",
      "glagent-",
      "gloas-",
      "glsoat-",
      "glffct-",
    ],
    examples: [
      {
        text: "curl --header 'PRIVATE-TOKEN: {secret}' https://gitlab.com/api/v4/user",
        secret: ["gl", "pat-", { chars: "urlsafe", length: 20 }],
      },
    ],
    source: "gitlab-pat",
  },
  {
    id: "aws-access-key-id",
    description: "an AWS access key id",
    pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g,
    keywords: ["akia", "asia", "abia", "acca", "a3t"],
    examples: [
      { text: "aws_access_key_id = {secret}", secret: ["AK", "IA", { chars: "upper", length: 16 }] },
      {
        text: "[default] id {secret} region us-east-1",
        secret: ["AS", "IA", { chars: "upper", length: 16 }],
        kept: "us-east-1",
      },
    ],
    source: "aws-access-token",
  },
  {
    id: "aws-secret-access-key",
    description: "an AWS secret access key, in a credentials file or an environment variable",
    pattern:
      /(?:aws_?secret_?(?:access_?)?key|secretaccesskey)(?![\w-])[\s'"\\]{0,4}(?:=|:{1,2}=?|=>)[\s'"`\\]{0,5}(?<secret>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    keywords: ["secret_access_key", "secretaccesskey", "aws_secret_key", "awssecretkey"],
    examples: [
      {
        text: "[default]\naws_secret_access_key = {secret}\nregion = eu-west-1",
        secret: [{ chars: "base64", length: 40 }],
        kept: "eu-west-1",
      },
      {
        text: "AWS_SECRET_ACCESS_KEY={secret} aws s3 ls",
        secret: [{ chars: "base64", length: 40 }],
        kept: "aws s3 ls",
      },
      { text: '{"SecretAccessKey": "{secret}"}', secret: [{ chars: "base64", length: 40 }] },
    ],
  },
  {
    id: "google-api-key",
    description: "a Google (GCP, Firebase, Maps) API key",
    pattern: /\bAIza[0-9A-Za-z_-]{35}/g,
    keywords: ["aiza"],
    examples: [
      {
        text: "maps?key={secret}&q=paris",
        secret: ["AI", "za", { chars: "urlsafe", length: 35 }],
        kept: "q=paris",
      },
    ],
    source: "gcp-api-key",
  },
  {
    id: "google-oauth-client-secret",
    description: "a Google OAuth client secret",
    pattern: /\bGOCSPX-[A-Za-z0-9_-]{28}/g,
    keywords: ["gocspx-"],
    examples: [
      { text: "client_secret: {secret}", secret: ["GOCSPX", "-", { chars: "urlsafe", length: 28 }] },
    ],
  },
  {
    id: "npm-token",
    description: "an npm access token",
    pattern: /\bnpm_[A-Za-z0-9]{36}\b/g,
    keywords: ["npm_"],
    examples: [
      {
        text: "NODE_AUTH_TOKEN {secret} npm publish",
        secret: ["npm", "_", { chars: "alnum", length: 36 }],
        kept: "npm publish",
      },
    ],
    source: "npm-access-token",
  },
  {
    id: "npmrc-auth",
    description: "a registry credential in .npmrc (`_authToken=`, `_auth=`, `_password=`)",
    pattern: /(?<![A-Za-z0-9_])(?:_authToken|_auth|_password)\s*=\s*(?<secret>[^\s"'\\]{4,})/g,
    keywords: ["_auth", "_password"],
    accept: notReference,
    examples: [
      {
        text: "//registry.npmjs.org/:_authToken={secret}\nalways-auth=true",
        secret: [{ chars: "alnum", length: 36 }],
        kept: "always-auth=true",
      },
      { text: "//npm.acme.dev/:_auth={secret}", secret: [{ chars: "base64", length: 24 }] },
    ],
  },
  {
    id: "stripe-key",
    description: "a Stripe secret or restricted key",
    pattern: /\b(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}\b/g,
    keywords: ["sk_test_", "sk_live_", "sk_prod_", "rk_test_", "rk_live_", "rk_prod_"],
    examples: [
      { text: "stripe.api_key = '{secret}'", secret: ["rk", "_live_", { chars: "alnum", length: 24 }] },
      {
        text: "curl https://api.stripe.com -u {secret}:",
        secret: ["sk", "_live_", { chars: "alnum", length: 24 }],
      },
    ],
    source: "stripe-access-token",
  },
  {
    id: "stripe-webhook-secret",
    description: "a Stripe webhook signing secret",
    pattern: /\bwhsec_[A-Za-z0-9]{24,}/g,
    keywords: ["whsec_"],
    examples: [{ text: "STRIPE_WEBHOOK={secret}", secret: ["wh", "sec_", { chars: "alnum", length: 32 }] }],
  },
  {
    id: "huggingface-token",
    description: "a Hugging Face access or organisation token",
    pattern: /\b(?:hf_|api_org_)[A-Za-z0-9]{30,}\b/g,
    keywords: ["hf_", "api_org_"],
    examples: [
      { text: "huggingface-cli login --token {secret}", secret: ["hf", "_", { chars: "alnum", length: 34 }] },
    ],
    source: "huggingface-access-token",
  },
  {
    id: "sendgrid-api-key",
    description: "a SendGrid API key",
    pattern: /\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}/g,
    keywords: ["sg."],
    examples: [
      {
        text: "SENDGRID={secret}",
        secret: ["SG", ".", { chars: "urlsafe", length: 22 }, ".", { chars: "urlsafe", length: 43 }],
      },
    ],
    source: "sendgrid-api-token",
  },
  {
    id: "slack-token",
    description: "a Slack bot, user, app, config or legacy token",
    pattern: /\b(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,}/g,
    keywords: ["xox", "xapp-"],
    examples: [
      {
        text: "SLACK_BOT={secret}",
        secret: ["xo", "xb-", { chars: "digits", length: 12 }, "-", { chars: "alnum", length: 24 }],
      },
    ],
    source: "slack-bot-token",
  },
  {
    id: "slack-webhook-url",
    description: "a Slack incoming webhook, workflow or trigger URL",
    pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/(?<secret>[A-Za-z0-9+/_-]{20,})/g,
    keywords: ["hooks.slack.com"],
    examples: [
      {
        text: 'curl -X POST https://hooks.slack.com/services/{secret} -d \'{"text":"hi"}\'',
        secret: [
          "T",
          { chars: "upper", length: 8 },
          "/B",
          { chars: "upper", length: 8 },
          "/",
          { chars: "alnum", length: 24 },
        ],
        kept: "hooks.slack.com/services/",
      },
    ],
    source: "slack-webhook-url",
  },
  {
    id: "discord-webhook-url",
    description: "a Discord webhook URL",
    pattern: /discord(?:app)?\.com\/api\/webhooks\/\d+\/(?<secret>[A-Za-z0-9_-]{40,})/g,
    keywords: ["discord"],
    examples: [
      {
        text: "https://discord.com/api/webhooks/1234567890/{secret}",
        secret: [{ chars: "urlsafe", length: 68 }],
      },
    ],
  },
  {
    id: "azure-storage-key",
    description: "an Azure storage account key or shared access key in a connection string",
    pattern: /\b(?:AccountKey|SharedAccessKey|SharedAccessSignature)=(?<secret>[^;\s"'\\]{8,})/gi,
    keywords: ["accountkey=", "sharedaccesskey=", "sharedaccesssignature="],
    examples: [
      {
        text: "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={secret};EndpointSuffix=core.windows.net",
        secret: [{ chars: "base64", length: 86 }, "=="],
        kept: "EndpointSuffix=core.windows.net",
      },
    ],
  },
  {
    id: "azure-ad-client-secret",
    description: "an Azure AD (Entra ID) client secret",
    pattern: /(?<![A-Za-z0-9_~.])(?<secret>[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34})(?![A-Za-z0-9_~.-])/g,
    keywords: ["q~"],
    examples: [
      {
        text: "AZURE_CLIENT_SECRET: {secret}",
        secret: [{ chars: "alnum", length: 3 }, "8Q", "~", { chars: "alnum", length: 34 }],
      },
    ],
    source: "azure-ad-client-secret",
  },
  {
    id: "jwt",
    description: "a JSON Web Token",
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    keywords: ["eyj"],
    examples: [
      {
        text: "token {secret}",
        secret: [
          "ey",
          "J",
          { chars: "urlsafe", length: 30 },
          ".eyJ",
          { chars: "urlsafe", length: 40 },
          ".",
          { chars: "urlsafe", length: 43 },
        ],
      },
    ],
    source: "jwt",
  },
  {
    id: "twilio-api-key",
    description: "a Twilio API key sid",
    pattern: /\bSK[0-9a-fA-F]{32}\b/g,
    // "sk" is in too many words to narrow anything down; the pattern starts with a literal and is cheap.
    keywords: [],
    examples: [{ text: "twilio key {secret}", secret: ["S", "K", { chars: "hex", length: 32 }] }],
    source: "twilio-api-key",
  },
  {
    id: "digitalocean-token",
    description: "a DigitalOcean personal, OAuth or refresh token",
    pattern: /\bdo[opr]_v1_[a-f0-9]{64}\b/g,
    keywords: ["dop_v1_", "doo_v1_", "dor_v1_"],
    examples: [
      { text: "doctl auth init -t {secret}", secret: ["do", "p_v1_", { chars: "hex", length: 64 }] },
    ],
    source: "digitalocean-pat",
  },
  {
    id: "shopify-token",
    description: "a Shopify access token or shared secret",
    pattern: /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/g,
    keywords: ["shpat_", "shpca_", "shppa_", "shpss_"],
    examples: [
      { text: "X-Shopify-Access-Token: {secret}", secret: ["shp", "at_", { chars: "hex", length: 32 }] },
    ],
    source: "shopify-access-token",
  },
  {
    id: "pypi-token",
    description: "a PyPI upload token",
    pattern: /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/g,
    keywords: ["pypi-ageichlwas5vcmc"],
    examples: [
      {
        text: "twine upload -p {secret}",
        secret: ["pypi-", "AgEIcHlwaS5vcmc", { chars: "urlsafe", length: 70 }],
      },
    ],
    source: "pypi-upload-token",
  },
  {
    id: "databricks-token",
    description: "a Databricks API token",
    pattern: /\bdapi[a-f0-9]{32}(?:-\d)?\b/g,
    keywords: ["dapi"],
    examples: [{ text: "DATABRICKS_HOST=x {secret}", secret: ["da", "pi", { chars: "hex", length: 32 }] }],
    source: "databricks-api-token",
  },
  {
    id: "linear-api-key",
    description: "a Linear API key",
    pattern: /\blin_api_[A-Za-z0-9]{40}\b/g,
    keywords: ["lin_api_"],
    examples: [{ text: "linear: {secret}", secret: ["lin", "_api_", { chars: "alnum", length: 40 }] }],
    source: "linear-api-key",
  },
  {
    id: "perplexity-api-key",
    description: "a Perplexity API key",
    pattern: /\bpplx-[A-Za-z0-9]{48}\b/g,
    keywords: ["pplx-"],
    examples: [{ text: "model key {secret}", secret: ["pp", "lx-", { chars: "alnum", length: 48 }] }],
    source: "perplexity-api-key",
  },
  {
    id: "groq-api-key",
    description: "a Groq API key",
    pattern: /\bgsk_[A-Za-z0-9]{48,}\b/g,
    keywords: ["gsk_"],
    examples: [{ text: "GROQ={secret}", secret: ["gs", "k_", { chars: "alnum", length: 52 }] }],
  },
  {
    id: "xai-api-key",
    description: "an xAI API key",
    pattern: /\bxai-[A-Za-z0-9]{70,}\b/g,
    keywords: ["xai-"],
    examples: [{ text: "grok key {secret}", secret: ["xa", "i-", { chars: "alnum", length: 80 }] }],
  },
  {
    id: "age-secret-key",
    description: "an age encryption secret key",
    pattern: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/g,
    keywords: ["age-secret-key-1"],
    examples: [
      { text: "# key\n{secret}", secret: ["AGE-SECRET", "-KEY-1", { chars: "bech32", length: 58 }] },
    ],
    source: "age-secret-key",
  },
  {
    id: "vault-token",
    description: "a HashiCorp Vault service or batch token",
    pattern: /\bhv[sb]\.[A-Za-z0-9_-]{24,}/g,
    keywords: ["hvs.", "hvb."],
    examples: [{ text: "VAULT_TOKEN={secret}", secret: ["hv", "s.", { chars: "urlsafe", length: 95 }] }],
    source: "vault-service-token",
  },
  {
    id: "grafana-token",
    description: "a Grafana Cloud or service account token",
    pattern: /\bgl(?:c|sa)_[A-Za-z0-9+/_]{32,}={0,3}/g,
    keywords: ["glc_", "glsa_"],
    examples: [
      {
        text: "grafana {secret}",
        secret: ["gl", "sa_", { chars: "alnum", length: 32 }, "_", { chars: "hex", length: 8 }],
      },
    ],
    source: "grafana-service-account-token",
  },
  {
    id: "sentry-token",
    description: "a Sentry user or organisation token",
    pattern: /\bsntry[us]_[A-Za-z0-9+/=_]{40,}/g,
    keywords: ["sntryu_", "sntrys_"],
    examples: [{ text: "SENTRY_AUTH={secret}", secret: ["sntr", "yu_", { chars: "hex", length: 64 }] }],
    source: "sentry-user-token",
  },
  {
    id: "square-token",
    description: "a Square access token or OAuth secret",
    pattern: /\bsq0(?:atp|csp)-[A-Za-z0-9_-]{22,}/g,
    keywords: ["sq0atp-", "sq0csp-"],
    examples: [{ text: "square {secret}", secret: ["sq0", "atp-", { chars: "urlsafe", length: 22 }] }],
    source: "square-access-token",
  },
  {
    id: "postman-api-key",
    description: "a Postman API key",
    pattern: /\bPMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}\b/g,
    keywords: ["pmak-"],
    examples: [
      {
        text: "postman {secret}",
        secret: ["PM", "AK-", { chars: "hex", length: 24 }, "-", { chars: "hex", length: 34 }],
      },
    ],
    source: "postman-api-token",
  },
  {
    id: "doppler-token",
    description: "a Doppler token",
    pattern: /\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}\b/g,
    keywords: ["dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."],
    examples: [{ text: "doppler {secret}", secret: ["dp", ".pt.", { chars: "alnum", length: 43 }] }],
    source: "doppler-api-token",
  },
  {
    id: "pulumi-token",
    description: "a Pulumi access token",
    pattern: /\bpul-[a-f0-9]{40}\b/g,
    keywords: ["pul-"],
    examples: [{ text: "pulumi login {secret}", secret: ["pu", "l-", { chars: "hex", length: 40 }] }],
    source: "pulumi-api-token",
  },
  {
    id: "rubygems-token",
    description: "a RubyGems API key",
    pattern: /\brubygems_[a-f0-9]{48}\b/g,
    keywords: ["rubygems_"],
    examples: [{ text: "gem push {secret}", secret: ["rubygems", "_", { chars: "hex", length: 48 }] }],
    source: "rubygems-api-token",
  },
  {
    id: "terraform-cloud-token",
    description: "a Terraform Cloud / HCP Terraform API token",
    pattern: /\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}/g,
    keywords: ["atlasv1"],
    examples: [
      {
        text: "token = {secret}",
        secret: [{ chars: "alnum", length: 14 }, ".atlas", "v1.", { chars: "urlsafe", length: 67 }],
      },
    ],
    source: "hashicorp-tf-api-token",
  },
  {
    id: "planetscale-token",
    description: "a PlanetScale token, OAuth token or password",
    pattern: /\bpscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.=-]{32,64}/g,
    keywords: ["pscale_"],
    examples: [{ text: "pscale {secret}", secret: ["pscale", "_pw_", { chars: "urlsafe", length: 43 }] }],
    source: "planetscale-password",
  },
  {
    id: "notion-token",
    description: "a Notion integration token",
    pattern: /\b(?:ntn_[0-9]{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})\b/g,
    keywords: ["ntn_", "secret_"],
    examples: [
      {
        text: "notion {secret}",
        secret: ["nt", "n_", { chars: "digits", length: 11 }, { chars: "alnum", length: 35 }],
      },
    ],
    source: "notion-api-token",
  },
  {
    id: "telegram-bot-token",
    description: "a Telegram bot token",
    pattern: /(?<!\d)\d{8,10}:AA[A-Za-z0-9_-]{33}\b/g,
    keywords: [":aa"],
    examples: [
      {
        text: "https://api.telegram.org/bot{secret}/getMe",
        secret: [{ chars: "digits", length: 10 }, ":A", "A", { chars: "urlsafe", length: 33 }],
      },
    ],
    source: "telegram-bot-api-token",
  },
  {
    id: "facebook-token",
    description: "a Facebook (Meta) page or user access token",
    pattern: /\bEAA[CM][A-Za-z0-9]{100,}/g,
    keywords: ["eaac", "eaam"],
    examples: [{ text: "fb {secret}", secret: ["EA", "AC", { chars: "alnum", length: 120 }] }],
    source: "facebook-page-access-token",
  },
  {
    id: "heroku-api-key",
    description: "a Heroku API key (v2 format)",
    pattern: /\bHRKU-AA[0-9a-zA-Z_-]{58}/g,
    keywords: ["hrku-aa"],
    examples: [{ text: "HEROKU {secret}", secret: ["HR", "KU-AA", { chars: "urlsafe", length: 58 }] }],
    source: "heroku-api-key-v2",
  },
  {
    id: "alibaba-access-key-id",
    description: "an Alibaba Cloud access key id",
    pattern: /\bLTAI[A-Za-z0-9]{20}\b/g,
    keywords: ["ltai"],
    examples: [{ text: "aliyun {secret}", secret: ["LT", "AI", { chars: "alnum", length: 20 }] }],
    source: "alibaba-access-key-id",
  },
  {
    id: "mailgun-api-key",
    description: "a Mailgun private API key",
    pattern: /\bkey-[0-9a-f]{32}\b/g,
    keywords: ["key-"],
    examples: [
      {
        text: "curl -s --user 'api:{secret}' https://api.mailgun.net",
        secret: ["ke", "y-", { chars: "hex", length: 32 }],
      },
    ],
    source: "mailgun-private-api-token",
  },
  {
    id: "basic-auth",
    description: "the credentials of an `Authorization: Basic` header",
    pattern: /\bauthorization\\?["']?\s*[:=]\s*\\?["']?basic\s+(?<secret>[A-Za-z0-9+/]{6,}={0,2})/gi,
    keywords: ["basic"],
    examples: [
      {
        text: 'curl -H "Authorization: Basic {secret}" https://ci.acme.dev',
        secret: [{ chars: "base64", length: 28 }, "=="],
        kept: "https://ci.acme.dev",
      },
    ],
    source: "curl-auth-header",
  },
  {
    id: "authorization-header",
    description: "the credentials of an `Authorization:` header with another scheme (token, key, digest)",
    pattern:
      /\bauthorization\\?["']?\s*[:=]\s*\\?["']?(?:token|api-?key|sso-key|key|digest|dpop|mac)\s+(?<secret>[^\s"'\\,;]{8,})/gi,
    keywords: ["authorization"],
    examples: [{ text: "Authorization: token {secret}", secret: [{ chars: "alnum", length: 40 }] }],
    source: "curl-auth-header",
  },
  {
    id: "bearer",
    description: "a bearer token",
    pattern: /\bbearer\s+(?<secret>[A-Za-z0-9\-._~+/]{8,}=*)/gi,
    keywords: ["bearer"],
    accept: looksRandom,
    examples: [{ text: "Authorization: Bearer {secret}", secret: [{ chars: "urlsafe", length: 40 }, "1"] }],
    source: "curl-auth-header",
  },
  {
    id: "url-password",
    description:
      "the password in a URL (`scheme://user:password@host`, also with no user: `redis://:password@`)",
    // One slash too: a path normalised on the way (a cwd, a project) has lost the second.
    pattern: /:\/\/?[^\s/:@"'\\]*:(?<secret>[^\s@/"'\\]+)@/g,
    keywords: [":/"],
    examples: [
      {
        text: "DATABASE_URL=postgres://admin:{secret}@db.local:5432/app",
        secret: [{ chars: "alnum", length: 16 }],
        kept: "@db.local:5432/app",
      },
      {
        text: "redis-cli -u redis://:{secret}@cache:6379",
        secret: [{ chars: "alnum", length: 20 }],
        kept: "@cache:6379",
      },
    ],
  },
  {
    id: "mysql-password",
    description: "a password given to a MySQL or MariaDB client as `-pPASSWORD`",
    pattern:
      /\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mariadb|mariadb-dump)\b[^\n|;&]{0,200}?\s-p(?<secret>[^\s"'\\]+)/g,
    keywords: ["mysql", "mariadb"],
    accept: notReference,
    examples: [
      {
        text: "mysql -u root -p{secret} shop < dump.sql",
        secret: [{ chars: "alnum", length: 14 }],
        kept: "shop < dump.sql",
      },
      {
        text: "mysqldump -h db -uadmin -p{secret} --all-databases",
        secret: [{ chars: "alnum", length: 12 }],
      },
    ],
  },
  {
    id: "registry-login-password",
    description:
      "a password given to `docker login` (podman, nerdctl, helm registry, oras) with `-p` or `--password`",
    pattern:
      /\b(?:docker|podman|nerdctl|buildah|skopeo|oras|helm(?:\s+registry)?)\s+login\b[^\n|;&]{0,200}?\s(?:-p|--password)(?:=|\s+)\\?["']?(?<secret>[^\s"'\\]+)/g,
    keywords: ["login"],
    accept: notReference,
    examples: [
      {
        text: "docker login -u ci -p {secret} registry.acme.dev",
        secret: [{ chars: "alnum", length: 20 }],
        kept: "registry.acme.dev",
      },
      { text: "podman login --password={secret} quay.io", secret: [{ chars: "alnum", length: 20 }] },
    ],
  },
  {
    id: "curl-user",
    description: "the password of `curl -u user:password`",
    pattern: /\bcurl\b[^\n|;&]{0,200}?\s(?:-u|--user)(?:=|\s*)\\?["']?[^\s:"'\\]*:(?<secret>[^\s"'\\]+)/g,
    keywords: ["curl"],
    accept: notReference,
    examples: [
      {
        text: "curl -u deploy:{secret} https://nexus.acme.dev/repo",
        secret: [{ chars: "alnum", length: 18 }],
        kept: "https://nexus.acme.dev/repo",
      },
    ],
    source: "curl-auth-user",
  },
  {
    id: "sshpass",
    description: "a password given to `sshpass -p`",
    pattern: /\bsshpass\s+-p\s*\\?["']?(?<secret>[^\s"'\\]+)/g,
    keywords: ["sshpass"],
    accept: notReference,
    examples: [
      {
        text: "sshpass -p {secret} ssh deploy@web1",
        secret: [{ chars: "alnum", length: 16 }],
        kept: "ssh deploy@web1",
      },
    ],
  },
  {
    id: "cli-secret-flag",
    description:
      "a secret passed as the next argument of a flag (`--password VALUE`, `--token VALUE`, `--api-key VALUE`)",
    pattern:
      /(?<![\w-])--?(?:password|passwd|pass|token|auth-token|access-token|api-key|apikey|secret|client-secret)\s+\\?["']?(?<secret>[^\s"'\\]{4,})/gi,
    keywords: ["-pass", "-token", "-api-key", "-apikey", "-secret"],
    accept: notReference,
    examples: [
      { text: "psql --password {secret} -h db", secret: [{ chars: "alnum", length: 12 }], kept: "-h db" },
      { text: "vault login --token {secret}", secret: ["hv", "s.", { chars: "urlsafe", length: 24 }] },
    ],
  },
  {
    id: "chinese-secret",
    description: "a secret named in Chinese (`密码是 …`, `API密钥：…`, `口令`, `令牌`)",
    pattern:
      /(?:密码|密碼|密钥|密鑰|秘钥|口令|令牌|私钥|凭证|凭据|暗号)\s*(?:是|为|為|:|：|=)\s*["'“‘「]?(?<secret>[^\s"'\\”’」，。；、,;！？]{4,})/g,
    keywords: ["密码", "密碼", "密钥", "密鑰", "秘钥", "口令", "令牌", "私钥", "凭证", "凭据", "暗号"],
    accept: (value) => /[A-Za-z0-9]/.test(value) && notReference(value),
    examples: [
      {
        text: "数据库密码是 {secret}，别告诉别人",
        secret: [{ chars: "alnum", length: 12 }],
        kept: "别告诉别人",
      },
      { text: "我的API密钥：{secret}", secret: [{ chars: "alnum", length: 32 }] },
      { text: "服务器口令为{secret}。", secret: [{ chars: "alnum", length: 10 }] },
    ],
  },
  {
    id: "prose-password",
    description: "a password stated in English prose (`the password is …`)",
    pattern: /\b(?:password|passphrase|passcode)\s+(?:is|was)\s*:?\s+["'`]?(?<secret>[^\s"'`\\,;]{4,})/gi,
    keywords: ["password", "passphrase", "passcode"],
    accept: (value) => /[0-9!@#$%^&*_+=~-]/.test(value) && notReference(value),
    examples: [
      {
        text: "the wifi password is {secret} for guests",
        secret: [{ chars: "alnum", length: 10 }, "7!"],
        kept: "for guests",
      },
    ],
  },
];
