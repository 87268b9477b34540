/**
 * Project facts a user states in passing, read from one sentence: where a service listens ("the
 * API listens on 8081 locally", "本地的 postgres 在 5433 端口") and where things go ("Secrets go in
 * .env.local"). Each becomes a fact as a rule, with the old value the user set aside when the
 * message names one. Pure.
 */
import { namesCode } from "../lexicon/code-terms.js";
import { forbids } from "../lexicon/negations.js";
import {
  CODE_PATH,
  namedThing,
  PLACEMENT,
  WRAPPER,
  ZH_PLACEMENT,
  ZH_WRAPPER,
} from "../lexicon/project-facts.js";
import { formatTerm } from "./experience-text.js";

/** A fact read from a sentence: the rule, its trigger and the sentence it came from. */
export interface StatedFact {
  rule: string;
  trigger: string;
}

/** "X listens on / runs on / is on / moved to (port) N", "X is on 10.20.1.7:5433"; group 1 the verb, 2 the host, 3 the port. */
const PORT_VERB =
  /\b(listens|runs|is running|is served|serves|is|lives|moved|has moved|was moved|sits|answers)\s+(?:now\s+)?(?:on|at|to)\s+(?:port\s+|:)?((?:[\w-]+\.)+[\w-]+:|localhost:)?(\d{2,5})\b(?!\s*(?:%|ms|s|secs?|seconds?|mins?|minutes?|hours?|kb|mb|gb|px|rows|users|items|requests|times|x|percent)\b|%)/i;
/**
 * Chinese: "X 在 N 端口", "X 跑在 N 端口", "X 端口是 N", "X 不是默认端口，走的 N"; group 1 the subject,
 * 2, 3 or 4 the port; "X 在 10.3.2.8:3307": 5 the host, 6 the port.
 */
const ZH_PORT =
  /(?:^|[，,；;])\s*([^，,。；;！？!?]{1,16}?)\s*(?:(?:在|跑在|运行在|监听在?|改到了|换到了|挪到了)\s*(\d{2,5})\s*号?\s*端口|的?端口(?:是|为|已经改成了|改成了)\s*(\d{2,5})|(?:不是|没用|不用)默认端口[，,]?\s*(?:而是|走的?|用的?|是)\s*(\d{2,5})|(?:在|跑在|部署在)\s*((?:[\w-]+\.)+[\w-]+):(\d{2,5}))/;
/** A request to change something ("把端口改成 8080"), not a statement of how things are. */
const ZH_REQUEST = /^(?:把|帮我|请|给我|麻烦|你|先|再)/;
/** Words that open a clause but are not part of its subject. */
const LEADING_FILLER =
  /^(?:(?:and|but|so|no|nope|also|btw|fyi|that|now|actually|ok|okay|oh|well|not\s+\S+)\b[,]?\s*)+/i;
const PRONOUN = /^(?:it|this|that|these|those|everything|which|what|something|one|they|he|she)$/i;
const ONE_OFF_SUBJECT =
  /\b(?:fix|fixes|change|changes|code|function|method|test|logic|helper|component|class|it|this|that|one|file)$/i;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Another port number of the message that the task used before (the old one), if any. */
function oldPort(message: string, port: string, earlier: string): string | null {
  for (const found of message.matchAll(/(?<![\w.:/-])(\d{2,5})(?![\w.-])/g)) {
    const other = found[1] ?? "";
    if (other !== port && new RegExp(`(?<![\\w.])${other}(?!\\d)`).test(earlier)) return other;
  }
  const not = /\bnot\s+(?:port\s+)?:?(\d{2,5})\b|不是\s*(\d{2,5})/i.exec(message);
  const named = not?.[1] ?? not?.[2];
  return named !== undefined && named !== port ? named : null;
}

function validPort(port: string): boolean {
  const value = Number(port);
  return value >= 80 && value <= 65535;
}

/**
 * Where a service listens, from one sentence of `message`. `earlier` is the text of the task's
 * tool calls before the message (commands and output): a number the agent used there counts as a
 * port, and another number of the message found there is the old port. English: "the API listens
 * on 8081 locally, 8080 was the old gateway" → {rule "The API listens on port 8081 locally, not
 * 8080", trigger "Connecting to the API locally"}; the sentence needs the word "port", a
 * listening verb, "locally"/"localhost", or the number in the agent's calls. Chinese: "本地的
 * postgres 在 5433 端口，5432 是另一个项目的实例" → {rule "本地的 postgres 在 5433 端口，不是 5432",
 * trigger "连接本地的 postgres"}. Null when the sentence states no port of a named service.
 */
/** A subject that names a network service: "this repo's redis runs on 6380" states its port. */
const SERVICE =
  /\b(?:redis|postgres(?:ql)?|pg|mysql|mariadb|mongo(?:db)?|kafka|rabbitmq|elastic(?:search)?|nginx|memcached|minio|api|server|db|database|frontend|backend|gateway|proxy|dev server|grpc)\b/i;

/**
 * The clauses after a fact that name code of their own ("…走的 9440，还得加 --secure"): what else
 * the user said the connection needs, kept with the fact, joined by `joint`.
 */
function alsoSaid(sentence: string, from: number, joint: string): string {
  const rest = sentence
    .slice(from)
    .split(/[，,；;]\s*/)
    .map((clause) => clause.trim().replace(/[。.!！]+$/, ""))
    .filter((clause) => clause !== "" && namesCode(clause) && !/^\d+$/.test(clause));
  // A parenthesis stays one: "listens on 6380 (see docker-compose.yml)".
  return rest.map((clause) => (clause.startsWith("(") ? ` ${clause}` : `${joint}${clause}`)).join("");
}

export function portFact(sentence: string, message: string, earlier: string, zh: boolean): StatedFact | null {
  if (zh) {
    const found = ZH_PORT.exec(sentence);
    const port = found?.[2] ?? found?.[3] ?? found?.[4] ?? found?.[6];
    const host = found?.[5];
    const subject = found?.[1]?.trim().replace(/^(?:而且|另外|还有|其实|注意)/, "") ?? "";
    if (found === null || port === undefined || subject === "" || ZH_REQUEST.test(subject)) return null;
    if (!validPort(port)) return null;
    const old = oldPort(message, port, earlier);
    const spaced = /[\w.-]$/.test(subject) ? `${subject} ` : subject;
    const where = host === undefined ? `${port} 端口${old ? `，不是 ${old}` : ""}` : `${host}:${port}`;
    return {
      rule: `${spaced}在 ${where}${alsoSaid(sentence, found.index + found[0].length, "，")}`,
      trigger: `连接${subject}`,
    };
  }
  const found = PORT_VERB.exec(sentence);
  if (found === null) return null;
  const [, verb = "", hostColon = "", port = ""] = found;
  const host = hostColon.replace(/:$/, "");
  const clauseStart = Math.max(
    ...[",", ";", ":", "—"].map((mark) => sentence.lastIndexOf(mark, found.index)),
  );
  const words = sentence
    .slice(clauseStart + 1, found.index)
    .trim()
    .replace(LEADING_FILLER, "")
    .split(/\s+/)
    .filter((word) => word !== "");
  const subject = words.slice(-4).join(" ");
  if (subject === "" || !/[a-z]/i.test(subject) || PRONOUN.test(subject) || !validPort(port)) return null;
  const local = /\b(?:locally|localhost|on my machine|in dev)\b/i.test(sentence);
  const used = new RegExp(`(?::|port\\s+|-p\\s+)${port}(?!\\d)`, "i").test(earlier);
  if (
    host === "" &&
    !/\bport\b/i.test(sentence) &&
    !/^(?:listens|serves|is served|answers)$/i.test(verb) &&
    !local &&
    !used &&
    !SERVICE.test(subject)
  )
    return null;
  const old = oldPort(message, port, earlier);
  const where = local ? " locally" : "";
  if (host !== "")
    return {
      rule: `${capitalize(subject)} is at ${host}:${port}${where}`,
      trigger: `Connecting to ${subject}${where}`,
    };
  return {
    rule: `${capitalize(subject)} listens on port ${port}${where}${old ? `, not ${old}` : ""}${alsoSaid(sentence, found.index + found[0].length, ", ")}`,
    trigger: `Connecting to ${subject}${where}`,
  };
}

/**
 * Where things go, from one sentence: "Not .env, that file is committed. Secrets go in
 * .env.local, it's gitignored." → "Secrets go in `.env.local`, not `.env`"; "密钥都放在
 * .env.local" → "密钥都放在 `.env.local`". The place must be a path or file; a subject that names
 * this task's work ("the fix goes in utils.ts") is not a fact. The trigger is left to the caller.
 */
export function placementFact(sentence: string, message: string, zh: boolean): string | null {
  const found = (zh ? ZH_PLACEMENT : PLACEMENT).exec(sentence);
  if (found === null) return null;
  const [, rawSubject = "", verb = "", third = "", fourth = ""] = found;
  const subject = rawSubject.trim().replace(LEADING_FILLER, "");
  const place = (zh ? third : fourth).replace(/`/g, "");
  // "hooks don't go in src/hooks any more" says where things no longer go: a drop, not a fact.
  if (forbids(`${rawSubject} ${verb}`)) return null;
  if (subject === "" || PRONOUN.test(subject) || ONE_OFF_SUBJECT.test(subject) || place === "") return null;
  const not = new RegExp(String.raw`\bnot\s+${CODE_PATH}|不是\s*${CODE_PATH}`, "i").exec(message);
  const old = (not?.[1] ?? not?.[2])?.replace(/`/g, "");
  const instead = old !== undefined && old !== place ? old : null;
  if (zh) return `${subject}${verb} ${formatTerm(place)}${instead ? `，不是 ${formatTerm(instead)}` : ""}`;
  return `${capitalize(subject)} ${verb.toLowerCase()} ${third.toLowerCase()} ${formatTerm(place)}${instead ? `, not ${formatTerm(instead)}` : ""}`;
}

/**
 * A tool of the project that stands for another, from one sentence: "./bin/dcw wraps docker compose
 * here, it loads the right env files" → {rule "`./bin/dcw` wraps docker compose here", trigger
 * "Running containers"}; "scripts/db.sh 封装了 psql" → {rule "`scripts/db.sh` 封装了 psql"}. The
 * tool must be a path or a file; the trigger is the kind of work of what it wraps.
 */
export function wrapperFact(
  sentence: string,
  zh: boolean,
  trigger: (text: string) => string,
): StatedFact | null {
  const found = (zh ? ZH_WRAPPER : WRAPPER).exec(sentence);
  if (found === null) return null;
  const [, tool = "", wrapped = ""] = found;
  const what = wrapped.trim();
  if (what === "") return null;
  const name = formatTerm(tool.replace(/`/g, ""));
  return zh
    ? { rule: `${name} 封装了 ${what}`, trigger: trigger(what) }
    : { rule: `${name} wraps ${what}`, trigger: trigger(what) };
}

/** What a thing of the project is called, with the clauses before it that say where (see lexicon/project-facts.ts). */
export function nameFact(sentence: string): string | null {
  const named = namedThing(sentence);
  return named && capitalize(`${named.lead}${formatTerm(named.name)}`.replace(LEADING_FILLER, "").trim());
}
