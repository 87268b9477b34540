/**
 * Secret kinds known by their context: a header, a URL, a command line, a sentence. Mostly
 * tacit's own; `source` names the gitleaks rule an entry follows (see secret-token-kinds.ts). See
 * secret-lexicon.ts for what an entry holds.
 */
import type { SecretKind } from "./secret-lexicon.js";

/** After an attached or spaced command-line value: not another flag, not a variable. */
const notReference = (value: string) => !/^(?:-|\$|%[A-Za-z_]|<|\{\{)/.test(value);

/** Prose and headers use these words too: a token after them has a digit or a symbol. */
const looksRandom = (value: string) => /[0-9+/=_~-]/.test(value) || /[a-z][A-Z]|[A-Z]{2}[a-z]/.test(value);

/** Configuration lines, headers, URLs, command lines and sentences. */
export const CONTEXT_KINDS: readonly SecretKind[] = [
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
