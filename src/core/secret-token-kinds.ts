/**
 * Secret kinds known by their token format, ported from gitleaks' default rules
 * (github.com/gitleaks/gitleaks, config/gitleaks.toml, MIT licence, Copyright (c) 2019 Zachary
 * Rice): `source` names the gitleaks rule an entry follows; entries without one are tacit's own.
 * See secret-lexicon.ts for what an entry holds.
 */
import type { SecretKind } from "./secret-lexicon.js";

/** Token formats and key blocks, most specific first. */
export const TOKEN_KINDS: readonly SecretKind[] = [
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
    // The name's words are matched lazily: greedily, an END line followed on the same line by the
    // next key's BEGIN line ran on to that line's "PRIVATE KEY-----", leaving the next key's body.
    pattern:
      /-----BEGIN[ A-Z0-9_-]{0,100}?PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z0-9_-]{0,100}?PRIVATE KEY(?: BLOCK)?-----|(?=\\?["'])|$)/g,
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
    pattern: /(?<!\d)\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g,
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
    id: "tacit-hook-token",
    description: "tacit's own HTTP hook token (Claude Code hands it to every process it starts)",
    pattern: /\btacit_hook_[A-Za-z0-9_-]{32,}/g,
    keywords: ["tacit_hook_"],
    examples: [
      {
        text: "TACIT_HOOK_TOKEN_1A2B3C4D={secret} claude",
        secret: ["tacit_", "hook_", { chars: "urlsafe", length: 43 }],
        kept: "claude",
      },
    ],
  },
];
