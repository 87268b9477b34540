/**
 * Facts about a project said in passing, as the stated-fact rules read them (learning/stated-facts.ts):
 * where things go ("Secrets go in .env.local"), what a tool of it wraps ("./bin/dcw wraps docker
 * compose") and the names of its things that a command must get right ("the service is called
 * mysqld", 服务名就叫 mysqld: things of its machines and tooling, never a name in the code). Pure.
 */
import { compiledEntries, defineLexicon } from "./define-lexicon.js";

/** A path or file, backticked or written with a dot, slash or underscore: capture group. */
export const CODE_PATH = String.raw`(\`[^\`]+\`|[\w./@~-]*[./_][\w./@~-]*\w)`;

/** "X goes in / lives in / is kept under PATH": group 1 the subject, 2 the verb, 3 the preposition, 4 the place. */
export const PLACEMENT = new RegExp(
  String.raw`(?:^|[,;:]\s*)((?:[\w.-]+\s+){0,2}?[\w.-]+)\s+(go(?:es)?|belongs?|lives?|should go|must go|needs? to go|should live|are kept|is kept|should be kept|must be kept)\s+(in|into|under|inside)\s+${CODE_PATH}`,
  "i",
);
/** "X 放在 PATH": group 1 the subject, 2 the verb, 3 the place. */
export const ZH_PLACEMENT = new RegExp(
  `(?:^|[，,；;])\\s*([^，,。；;！？!?]{1,12}?)\\s*((?:要|应该|都|统一|必须)?(?:放在|放到|写在|写到|配置在|存在|放进))\\s*${CODE_PATH}`,
);

/** "X wraps Y" / "X is a wrapper around Y" / "X 封装了 Y": group 1 the project's tool, 2 what it wraps. */
export const WRAPPER = new RegExp(
  String.raw`(?:^|[,;:]\s*)(?:(?:fyi|btw|quick note|note|heads up)[,:]?\s+)?${CODE_PATH}\s+(?:wraps|is (?:a|our) wrapper (?:around|for)|is how we (?:run|call))\s+([^,.;!?]+)`,
  "i",
);
export const ZH_WRAPPER = new RegExp(
  String.raw`${CODE_PATH}\s*(?:封装了|包装了|包了一层)\s*([^，,。；;！？!?]+)`,
);

/** Things of the project's machines whose name is a fact worth keeping. */
const THING =
  "(?:service|unit|daemon|container|pod|deployment|namespace|cluster|context|remote|bucket|queue|topic|database|db|schema|profile|host|instance|image|volume|network|env(?:ironment)?|workspace|scheme|target)";
const ZH_THING = "(?:服务|容器|进程|命名空间|集群|数据库|库|队列|主题|桶|镜像|环境|远端|仓库)";
/** The name: a word as a command writes it. */
const NAME = String.raw`\x60?([A-Za-z][\w.@/:-]*\w)\x60?`;

/** Each wording: capture group 1 is the sentence up to the name, 2 the name. */
export const NAME_FACTS = defineLexicon("name-facts", [
  {
    pattern: new RegExp(
      String.raw`^(.*?\b${THING}s?(?:\s+name)?\s+(?:is|are)\s+(?:just\s+|actually\s+|always\s+)?(?:called|named)\s+)${NAME}`,
    ),
    example: "this box is CentOS, the service is called mysqld",
  },
  {
    // Its name said as a name (服务名是…, 服务名就叫…) or called (容器叫…): not what it "is" (测试环境就是 helmfile …).
    pattern: new RegExp(
      `^(.*?${ZH_THING}(?:(?:名|的名字|名字|名称)(?:就|其实|一直)?(?:叫|是|为)|(?:就|其实|一直)?叫)\\s*)${NAME}`,
    ),
    example: "这台是 CentOS，服务名就叫 mysqld",
  },
]);

const NAME_READERS = compiledEntries(NAME_FACTS);

/** The name a sentence gives a thing of the project, and the words before it; null when it gives none. */
export function namedThing(sentence: string): { lead: string; name: string } | null {
  for (const { pattern } of NAME_READERS) {
    const found = pattern.exec(sentence.trim());
    if (found) return { lead: found[1] ?? "", name: found[2] ?? "" };
  }
  return null;
}
