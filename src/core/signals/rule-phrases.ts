/**
 * English and Chinese phrase patterns of the user-message rules, compiled once at module load
 * (assistant and tool patterns are in agent-phrases.ts).
 *
 * Patterns run on masked, lowercased text (see `maskText`). English patterns use `\b`;
 * Chinese has no word boundaries, so Chinese patterns use look-behind and look-ahead on
 * neighbouring characters instead (e.g. `(?<!对)不对` so that "对不对" is not a reject).
 */

/** A compiled pattern and the confidence a match gets. */
export interface Phrase {
  readonly pattern: RegExp;
  readonly confidence: number;
  /** Only counts when the nearest earlier non-assistant message is a failed tool result. */
  readonly afterErrorOnly?: boolean;
  /** A bare answer ("no", "not really", "没问题"): skipped when the assistant just asked a question. */
  readonly mayAnswerQuestion?: boolean;
  /**
   * Names a term ("config.json is only for …"): only counts when an earlier assistant or tool
   * message mentions that term, i.e. the agent used the thing the user now sets aside.
   */
  readonly namesAgentTerm?: boolean;
}

/** Compile a phrase pattern (global; `multiline` makes `^` match at line starts). */
export function phrase(
  confidence: number,
  source: string,
  options: {
    afterErrorOnly?: boolean;
    mayAnswerQuestion?: boolean;
    namesAgentTerm?: boolean;
    multiline?: boolean;
  } = {},
): Phrase {
  const pattern = new RegExp(source, options.multiline === true ? "gm" : "g");
  const result: { -readonly [Key in keyof Phrase]: Phrase[Key] } = { pattern, confidence };
  if (options.afterErrorOnly === true) result.afterErrorOnly = true;
  if (options.mayAnswerQuestion === true) result.mayAnswerQuestion = true;
  if (options.namesAgentTerm === true) result.namesAgentTerm = true;
  return result;
}

/** Start of an English clause: start of text, after punctuation, or after a connective. */
const CLAUSE_BOUNDARY = String.raw`(?:(?:^|[\n.!?;:,，。！？；：(—–-])\s*|\b(?:and|also|but|please|just|so|plus|oh|ok|okay|then|and please|also please|said|told you)\s+)`;

/**
 * `head` at the start of a clause. The look-behind comes after `head` so that it only runs
 * where `head` already matched (a leading look-behind would run at every position).
 */
function atClauseStart(head: string): string {
  return `(?:${head})(?<=${CLAUSE_BOUNDARY}(?:${head}))`;
}

/** Explicit rejection of the assistant's last output or approach (rule `explicit-reject`). */
export const REJECT_PHRASES: readonly Phrase[] = [
  phrase(0.9, String.raw`\bnot what i (?:want|wanted|asked for|asked|meant|need|needed|expected)\b`),
  phrase(
    0.85,
    String.raw`\b(?:that'?s|this is|that is|it'?s|it is|this was|that was|you'?re|you are) (?:wrong|incorrect|not right|not correct|not it|broken|worse)\b`,
  ),
  phrase(
    0.85,
    String.raw`\bstill (?:fails|failing|failed|broken|crash(?:es|ing)?|error(?:s|ing)?|throws|throwing|hangs|hanging|times out|red|not working|doesn'?t work|does not work|isn'?t working|won'?t (?:start|build|compile|run|work)|can'?t|getting|get|seeing|see|shows|showing|the same|same)\b`,
  ),
  phrase(
    0.8,
    String.raw`\b(?:doesn'?t|does not|didn'?t|did not|won'?t|will not|isn'?t|is not|wasn'?t)(?: really| actually| even)? (?:work|working|help|fix|compile|build|run|start|change anything|do anything|solve)\b`,
  ),
  phrase(0.8, String.raw`\bnot working\b|\bnothing (?:works|is working|changed)\b`),
  phrase(
    0.8,
    String.raw`\b(?:revert|undo|roll ?back|back out) (?:that|this|it|those|these|the (?:change|changes|last|commit|edit)|your|what you|everything)\b`,
  ),
  phrase(
    0.8,
    String.raw`\b(?:you|that|this|your change|the change) (?:just )?(?:broke|has broken|have broken)\b`,
  ),
  phrase(0.75, String.raw`\bi (?:said|told you|already said|asked (?:you )?(?:not )?(?:to|for))\b`),
  phrase(0.65, String.raw`\b(?:start over|from scratch|try (?:a )?(?:something else|different approach))\b`),
  phrase(0.8, String.raw`\b(?:made|makes|making) (?:it|things) worse\b|\bworse now\b`),
  phrase(0.75, String.raw`\b(?:same|another) (?:error|exception|failure|problem|crash)\b`),
  phrase(0.8, String.raw`^\s*(?:no|nope|nah|wrong|incorrect)\s*[.!]*\s*$`, { mayAnswerQuestion: true }),
  phrase(
    0.7,
    String.raw`^\s*(?:(?:hmm+|um+|uh+|well|oh|ah)[,.]?\s+)?(?:no|nope|nah)(?![,.!]?\s*(?:problem|worries|rush|need|thanks|thank you|thx)\b)\b[,.!]`,
    { mayAnswerQuestion: true },
  ),
  phrase(0.7, String.raw`^\s*(?:(?:hmm+|um+|well)[,.]?\s+)?not (?:quite|really|exactly)\b`, {
    mayAnswerQuestion: true,
  }),
  phrase(0.75, String.raw`\bnothing (?:matches|happens|happened|shows up)\b|\bregress(?:ion|ed)\b`),
  phrase(0.75, String.raw`\b(?:wrong|bad) (?:approach|idea|direction|way to do (?:it|this))\b`),
  phrase(0.6, String.raw`\b(?:ugh|argh)\b|\bcome on\b`),
  phrase(0.75, String.raw`\b(?:is|are) (?:now |all |completely |totally )?broken\b|\bbroken now\b`),
  phrase(
    0.7,
    String.raw`\b(?:returns?|returning|getting|got|gives?|still) (?:an? )?(?:http )?(?:400|401|403|404|405|409|422|429|500|502|503|504)\b`,
  ),
  phrase(
    0.75,
    String.raw`\b(?:it|this|that|the (?:build|tests?|app|server|page|command|script|pipeline|ci)|ci) (?:now )?(?:fail|fails|failed|crashes|crashed|throws|threw|errors out|hangs|breaks|is failing|are failing|is broken|keeps failing|keeps crashing)\b`,
  ),
  phrase(
    0.7,
    String.raw`\b(?:getting|got|seeing|get) (?:an? |the |this |that )?(?:error|exception|crash|stack ?trace|traceback|\d+ (?:failures|failing|errors))\b`,
  ),
  // Chinese
  phrase(0.9, "不是我(?:要|想要|需要|期望|想)的"),
  phrase(0.8, "(?<!对)不对(?![吗称])"),
  phrase(0.8, "(?<![行能可])不行(?!的话|吗)"),
  phrase(0.85, "还是(?:不行|不对|报|失败|错|没用|有问题|一样|老样子|不能|不工作|跑不|卡)"),
  phrase(0.8, "又(?:报错|失败|错|挂|崩|出错|卡住)了?"),
  phrase(0.75, "没(?:有)?(?:用(?![过到上的])|效果|起作用|生效|解决|修好|改好)"),
  phrase(0.8, "错了(?![吗么?？])"),
  phrase(0.75, "(?:撤销|回滚|撤回|还原)(?:吧|掉|一下|刚才|之前|你的|这次|修改|更改|改动)|改回去|恢复原样"),
  phrase(0.65, "推倒重来|重新来|重来"),
  phrase(0.75, "更(?:糟|差|慢|卡|严重)了?|搞坏|弄坏|改坏|坏掉|坏了"),
  phrase(0.85, "(?:根本|完全)(?:不对|不行|没用|不是|不能)"),
  phrase(0.7, "我(?:已经)?说(?:过|了)(?!算)"),
  phrase(0.65, "算了"),
  phrase(0.7, "还是(?!(?:先)?用|选|要|改用)[^，,。！？!?\\n]{1,12}了(?![吗么])"),
  phrase(0.75, "(?:跟|和|与)(?:之前|原来|刚才)(?:一样|没区别|没变化)|老样子|一模一样"),
  phrase(0.75, "(?:别|不要)(?:这样|这么)(?:改|做|写|弄|搞)"),
  phrase(0.75, "没(?:有)?(?:任何)?(?:变化|反应|改变|区别)|没变"),
  phrase(0.7, "(?:报|返回|全是|都是)\\s*(?:400|401|403|404|405|409|422|429|500|502|503|504)"),
  phrase(0.75, "(?:跑|启动|编译|构建|装|安装)不(?:起来|了|通|上)|编译不过|过不了"),
  phrase(0.75, "(?:报错了|出错了|失败了|挂了|崩了|崩溃了)(?![吗么?？])"),
];

/**
 * Who reads or uses the right thing in "not this file, the app reads config.yaml": the app, the
 * code, the CLI, "it", "we", and what they do with it. Shared by the correction phrases.
 */
export const CORRECTION_READER =
  "(?:(?:the |our |this |that )?(?:app|application|code|server|service|backend|frontend|cli|build|runtime|loader|config loader|project|repo|repository|script|container|test suite|tests?) (?:reads?|uses?|loads?|needs?|wants?|expects?|imports?|requires?|looks (?:at|for|in)|is in|lives in|goes in|only reads|only uses|should (?:read|use|load))|it (?:reads|uses|loads|needs|wants|expects|lives in|goes in)|we (?:read|load|need|want)|you (?:need|want|should use))";

/** A code-like term (a dot, slash or underscore inside it): `config.json`, `src/env.ts`, masked code `____`. */
const CODE_TERM = "[a-z0-9_@~-]*[./_][a-z0-9_./@~-]*[a-z0-9_]";

/** The code-like term a `namesAgentTerm` phrase match starts with (run on the original text). */
export const LEADING_CODE_TERM = /^[\s,;:—–(]*`?([\w@~./-]*[./_][\w@~./-]*\w)/;

/** "not" right after an auxiliary negates a verb ("must not run"), it does not contrast X with Y. */
const NOT_AFTER_AUXILIARY = String.raw`(?<!\b(?:must|should|do|does|did|is|are|was|were|am|be|been|can|could|will|would|have|has|had|may|might|need|it's|that's|i'm|you're|we're|they're) )`;

/**
 * The verb "用" neither negated ("不能用", "不要用", "别用", "禁止用"…) nor inside a noun
 * ("用户", "应用", "费用", "可用").
 */
export const ZH_USE_VERB =
  "(?<!不能|不可以|不准|不许|不得|不该|不应该|不要|不|别|禁止|避免|严禁|[应作费信适通实功备可有没占])用(?![户途处])";

/** The user replaces a wrong detail with the right one (rule `explicit-correction`). */
export const CORRECTION_PHRASES: readonly Phrase[] = [
  phrase(
    0.85,
    String.raw`${NOT_AFTER_AUXILIARY}\bnot (?!sure\b|yet\b|really\b|bad\b|quite\b|only\b|just\b|now\b|much\b|a problem\b|an issue\b|needed\b|necessary\b|working\b|what\b)(?:the |this |that |a |an )?(?:[^,;.!?\n]|\.(?=\S)){1,40}?\s*(?:[,;:—–]|--| - )\s*(?:it'?s|it is|it should be|should be|use|but|i meant|we use|rather|instead|${CORRECTION_READER})\b`,
  ),
  // "Not this file." / "Not that one — …": pointing away from what the agent just used.
  phrase(
    0.8,
    String.raw`${NOT_AFTER_AUXILIARY}\bnot (?:(?:this|that|these|those) |the (?:[a-z0-9_.-]+ )?)(?:one|ones|file|files|path|directory|folder|dir|branch|port|command|script|function|method|table|package|config|module|repo|version|endpoint|component|key|variable|env|database|db|host|url)\b\s*(?:[,;:—–!]|\.(?=\s|$)|--| - |$)`,
  ),
  // "config.json is only for the old CLI": the thing the agent used is not the one that counts.
  phrase(
    0.7,
    String.raw`(?<![a-z0-9_@~./-])${CODE_TERM} (?:is|are) (?:only|just) (?:for|used (?:for|by|in)|meant for|read by)\b`,
    { namesAgentTerm: true },
  ),
  phrase(
    0.8,
    String.raw`${NOT_AFTER_AUXILIARY}\bnot (?!only\b|just\b|bad\b|sure\b)(?:the |this |that )?(?:[^,;.!?\n]|\.(?=\S)){1,40}? but (?:the |a |an |in |on |to |use )?(?:[^,;.!?\n]|\.(?=\S))`,
  ),
  phrase(
    0.85,
    String.raw`\b(?:no|nope|wrong)[,.!]?\s+(?:use|it'?s|it is|it should be|should be|i meant|we use|make it|change it to|put it in|the (?:correct|right))\b`,
  ),
  phrase(0.8, String.raw`\binstead of (?:[^,;.!?\n]|\.(?=\S)){1,40}?,? (?:use|try|call|put|go with|write)\b`),
  phrase(
    0.75,
    String.raw`\b(?:use|try|call|put it in|go with|it'?s) (?:[^,;.!?\n]|\.(?=\S)){1,30}? instead\b`,
  ),
  phrase(
    0.7,
    `${atClauseStart("(?:no,?\\s+)?(?:use|read|load|put|call|try|do|make|write|set|add|import|run|pass|return|store|keep|move|send|fetch|query|switch|go|pick|take|point|change|rename|parse|check)")}\\b(?:[^,;.!?\\n]|\\.(?=\\S)){1,40}? instead\\b(?![^.!?\\n]*\\?)`,
  ),
  phrase(0.8, String.raw`\bi meant\b|\bwhat i meant (?:was|is)\b`),
  phrase(0.85, String.raw`\bshould (?:be|have been|use|go in) (?:[^,;.!?\n]|\.(?=\S)){1,40}?,? not\b`),
  phrase(
    0.8,
    String.raw`\b(?:it'?s|it is|is|are|use|uses|reads|loads|i want|i need|it goes in|it lives in|i said|i meant|i asked for|i wanted) (?:[^,;.!?\n]|\.(?=\S)){1,30}?, not\b`,
  ),
  // "Use pnpm install, never npm install": "never" + a verb other than use/run is a constraint.
  phrase(
    0.8,
    String.raw`\b(?:use|run|it'?s|it is|we use) (?:[^,;.!?\n]|\.(?=\S)){1,30}?,? (?:and )?never (?!(?:ever|touch|modify|change|edit|push|commit|delete|remove|add|break|force|deploy|merge|rebase|skip|disable|expose|log|print|hardcode|write|overwrite|create|send)\b)`,
  ),
  // "Use ./deploy.sh staging, don't kubectl apply by hand": what to use, then what not to.
  phrase(
    0.8,
    `${atClauseStart("(?:just\\s+|please\\s+)?(?:use|run)")}\\s+(?:[^,;.!?\\n]|\\.(?=\\S)){1,40}?[,;]\\s+(?:and\\s+)?(?:don'?t|do not)\\s+(?!(?:ever|forget|worry|bother|need|wait|touch|modify|change|edit|push|commit|delete|remove|add|break|force|merge|rebase|skip|disable|expose|log|print|hardcode|write|overwrite|create|send)\\b)[a-z.]`,
  ),
  phrase(
    0.7,
    String.raw`\bactually,? (?:it'?s|it is|the (?:file|port|path|branch|command|config|name)|we use|use|it should|you need)\b`,
  ),
  phrase(
    0.8,
    String.raw`\bthe (?:correct|right|actual) (?:one|file|path|port|command|branch|name|version|directory|folder|key|url|endpoint|table) is\b`,
  ),
  phrase(0.65, String.raw`\bchange (?:it|that|this) (?:back )?to\b`),
  phrase(
    0.75,
    String.raw`\b(?:(?:doesn'?t|does not|don'?t|do not) need(?: to be)?|no need (?:for|to))\b[^,;.!?\n]{1,30}[,;—–]\s*just\b`,
  ),
  phrase(
    0.75,
    String.raw`\bwrong (?:file|branch|directory|folder|port|package|function|method|path|repo|repository|table|endpoint|version|command|env|environment|host|database|db|key|name)\b`,
  ),
  // Chinese
  phrase(
    0.85,
    "(?<![是要])不是(?![吗很太说特别一]|我(?:要|想要|需要|想)的)[^，,。；;！？!?\\n]{0,30}?[，,；;、]?\\s*[^，,。；;！？!?\\n]{0,8}?(?:而是|应该是|应该用|应该|要用|要改|改的是|改用|换成|用的是|我是说|是|用(?![户途处]))(?!不是)",
  ),
  phrase(
    0.85,
    "(?:别|不要|不用|不能)(?:再)?(?:用|引入|装|加|切到|切换到|切回)[^。！？!?\\n]{1,40}?[，,；;]\\s*(?:用|改用|换成|换|要用|请用)",
  ),
  phrase(0.8, "(?:不对|错了)[，,]\\s*(?:得|要|应该|应当|改成|换成|改用|用|是)"),
  // "用Y，别用X"; not "不能用X，不要用Y": two prohibitions are a constraint, not X instead of Y.
  phrase(
    0.8,
    `(?:只能|只|就|请|要|得|还是|改)?${ZH_USE_VERB}[^，,。；;！？!?\\n]{1,30}?[，,]\\s*(?:别|不要)(?:再)?(?:用|装|引入|加)`,
  ),
  // "config.json 只给旧的 CLI 用" / "只用于测试".
  phrase(0.7, `(?<![a-z0-9_@~./-])${CODE_TERM}\\s*(?:只|仅)(?:是)?(?:用于|用在|给|供|针对|在)`, {
    namesAgentTerm: true,
  }),
  phrase(0.75, "我(?:指|说)的是|我的意思是|我是说"),
  phrase(0.65, "应该(?:用|改成|改为|放在|写在|是在|调用)"),
  phrase(0.75, "是[^，,。；;！？!?\\n不]{1,30}?[，,]?\\s*(?:而)?不是(?![吗么])"),
  phrase(0.65, "(?:其实|实际上)(?:是|应该|在|用)"),
  phrase(
    0.85,
    "(?:文件|路径|端口|分支|目录|命令|版本|包名?|函数|方法|配置)(?:搞|弄|用|改|写|找)?错了[，,]?\\s*(?:是|应该|要|用)",
  ),
];

/**
 * One half of a correction spread over two clauses or sentences: the thing set aside ("not npm",
 * "don't use moment", "别用 moment", "不要跑 pnpm test"). See {@link INSTRUCTED_TERM}.
 */
export const NEGATED_TERM = new RegExp(
  [
    String.raw`${NOT_AFTER_AUXILIARY}\bnot (?!sure\b|yet\b|really\b|bad\b|quite\b|only\b|just\b|now\b|much\b|a\b|an\b|the\b|this\b|that\b|at all\b|needed\b|necessary\b|working\b|what\b)[a-z0-9_@./-]+`,
    String.raw`\b(?:don'?t|do not|never|stop) (?:use|using|run|running|call|calling|install|installing) [a-z0-9_@./-]`,
    "(?:别|不要|不能|不用)(?:再)?(?:用|跑|运行|执行|装|引入|切到|切换到)\\s*[a-z0-9_@./-]",
  ].join("|"),
  "g",
);

/**
 * The other half: what to do instead, a clause-initial "use Y" or a Chinese 用 Y naming code
 * ("Use pnpm install.", "我更喜欢用 dayjs", "只能用只读账号 report_ro").
 */
export const INSTRUCTED_TERM = new RegExp(
  [
    `${atClauseStart("(?:just\\s+|please\\s+|so\\s+)?use")}\\s+[a-z0-9_@./\`-]`,
    `${ZH_USE_VERB}[^，,。；;！？!?\\n]{0,12}?[a-z0-9_@./-]{2,}`,
  ].join("|"),
  "g",
);

/** A requirement the solution must respect (rule `explicit-constraint`). */
export const CONSTRAINT_PHRASES: readonly Phrase[] = [
  phrase(
    0.8,
    String.raw`(?<!\bi (?:still |just |really )?)\b(?:must not|mustn'?t|must never|should never|may not|cannot|can'?t|should not|shouldn'?t|(?:is |are )?not allowed to)\s+(?:ever\s+)?(?:use|be|touch|modify|change|break|add|require|depend|run|call|exceed|take|commit|push|delete|remove|install|rely|hit|access|write|edit|introduce|expose|leak|log|store|block|need|import|ship|print)\b`,
  ),
  phrase(
    0.75,
    String.raw`\bmust (?!have been|have \w+ed\b)(?:(?:always|only) )?(?:be|use|stay|keep|support|work|run|pass|have|include|remain|return|handle|only|compile|match|follow|target|send|set|carry|contain|go|live|start)\b`,
  ),
  phrase(
    0.85,
    `${atClauseStart("(?:please\\s+)?(?:don'?t|do not|never)")}\\s+(?:ever\\s+)?(?:use|touch|modify|change|edit|commit|push|delete|remove|add|install|run|upgrade|bump|downgrade|rename|break|introduce|hardcode|hard-code|expose|log|print|store|call|disable|skip|mock|force|deploy|merge|rebase|squash|amend|reformat|include|import|depend|rely|write|overwrite|create|send)\\b`,
  ),
  phrase(0.7, String.raw`\bmake sure\b`),
  phrase(
    0.75,
    String.raw`\bwithout (?:using|adding|touching|changing|modifying|breaking|installing|introducing|any|new|root|sudo|extra|external|network|internet|restarting|downtime|rewriting|bumping|a new|editing|deleting|removing)\b`,
  ),
  phrase(
    0.75,
    `${atClauseStart("no")} (?:new |extra |external |additional |third-party )?(?:dependencies|deps|packages|libraries|libs|sudo|root|breaking changes|network|internet|docker|globals|_+)\\b`,
  ),
  phrase(0.7, String.raw`\bonly (?:use|touch|modify|change|edit|run|target)\b`),
  phrase(
    0.7,
    String.raw`\b(?:keep|stay|remain) (?:it |this |that |them |the [a-z]+ |everything )?(?:under|below|within|backwards?[- ]compatible|compatible)\b`,
  ),
  phrase(
    0.65,
    String.raw`(?<!n't |not |no )\b(?:has|have|needs?) to (?:be|use|work|run|stay|support|pass|remain|keep|target|handle)\b`,
  ),
  phrase(
    0.75,
    String.raw`\b(?:can'?t|cannot|can not|no) (?:reach|access|connect to|talk to) (?:the )?(?:internet|network|outside|external|public)\b`,
  ),
  phrase(0.7, String.raw`\bavoid (?:using|adding|touching|changing|modifying|calling|any|new|global|hard)`),
  phrase(
    0.75,
    String.raw`\bi (?:don'?t|do not) want (?:you to |any |to )?(?:use|touch|modify|change|add|install|new|any|root|sudo|it to)\b`,
  ),
  phrase(0.7, String.raw`\b(?:is|are) (?:off[- ]limits|read[- ]only|frozen)\b`),
  phrase(
    0.7,
    String.raw`\bi (?:don'?t|do not) have (?:sudo|root|admin|access|permission|docker|internet)\b|\bno (?:sudo|root|admin) (?:access|rights)\b`,
  ),
  // Chinese
  phrase(0.85, "(?:而且|并且|但是?|也|同时|还)不能"),
  phrase(
    0.8,
    "(?<!还是|还|都|就|也|又|现在|根本|完全|它|这|那|怎么|为什么|为啥|不|能)不能(?:手动|私自|直接|随便)?(?:用|使用|改|修改|动|碰|删|删除|引入|依赖|超过|破坏|影响|提交|推送|暴露|硬编码|跳过|以|装|安装|调用|联网|访问|有|让|出现|把|直接|随便|写|加|增加|停机|停服|重启|中断|下线|锁表|丢|丢失)(?!了)",
  ),
  phrase(
    0.8,
    "(?<!要|尽量|尽可能|能不能|可不可以|[区特分类告级派识辨差个性])(?:不要|别)(?:再|直接|随便)?(?:用|使用|改|修改|动|碰|删|删除|引入|提交|推送|安装|装|加|添加|硬编码|跳过|覆盖|重写|升级|降级|把|在|依赖|影响|破坏|暴露|打印|写|调用|mock|push|commit|运行|跑|建|创建|新建|引用|切到|切换到|切回)",
  ),
  phrase(0.8, "必须|务必|一定要|只能|只允许|禁止|不许|不准|不得|严禁|(?<!可)不可以|不允许"),
  phrase(0.75, "保持(?:兼容|向后兼容|不变|原样|现有)"),
  phrase(0.75, "不(?:引入|增加|添加|加)(?:新|额外|任何)"),
  phrase(0.7, "控制在|不超过"),
];

/** The user confirms the result works (rule `explicit-success`). */
export const SUCCESS_PHRASES: readonly Phrase[] = [
  phrase(0.9, String.raw`\b(?:it |that |this |everything |all |it all )?works? now\b|\bnow it works\b`),
  phrase(
    0.85,
    String.raw`\b(?:it|that|this|everything|the fix|your fix|your change|the change)(?: finally| now| totally)? (?:works|worked|did it|did the trick|fixed it|solved it|fixed the (?:issue|problem|bug)|solved the (?:issue|problem)|is working)\b`,
  ),
  phrase(
    0.85,
    String.raw`\b(?:problem|issue|bug) (?:solved|fixed|resolved|gone)\b|\bthe (?:error|issue|problem|bug|warning|crash) is gone\b`,
  ),
  phrase(
    0.7,
    String.raw`^\s*(?:perfect|great|awesome|excellent|brilliant|amazing|nice|fantastic|wonderful|sweet|yay)\b`,
  ),
  phrase(
    0.8,
    String.raw`\b(?:it|that|this|everything) (?:shows up|loads|builds|compiles|runs|starts|renders|connects|deploys|passes)(?: fine| correctly| properly)? now\b`,
  ),
  phrase(0.75, String.raw`(?<!\bnot |n'?t )\bperfect\b`),
  phrase(
    0.8,
    String.raw`\bthat'?s (?:it|exactly (?:it|right|what i (?:wanted|needed|meant))|perfect|right|correct|better|much better|the one|what i (?:wanted|needed))\b`,
  ),
  phrase(
    0.8,
    String.raw`\b(?:all |the )?(?:tests?|specs?|build|ci|checks?|pipeline|lint|typecheck|everything)(?: are| is)?(?: all)? (?:pass(?:es|ing)?|green|succeed(?:s|ed)?|clean)\b`,
  ),
  phrase(
    0.8,
    String.raw`\b(?:lgtm|looks good(?: to me)?|ship it|good job|well done|nailed it|spot on|works (?:great|perfectly|fine|like a charm))\b`,
  ),
  phrase(0.75, String.raw`^\s*exactly\b`),
  phrase(0.7, String.raw`^\s*confirmed\b|\b(?:fine|correctly|properly) now\b`),
  phrase(0.75, String.raw`\ball (?:good|set)\b|\bgood to go\b|\bwe'?re good\b`),
  phrase(0.85, String.raw`\b(?:that|this) (?:is|was) (?:exactly )?what i (?:wanted|needed|asked for)\b`),
  // Chinese
  phrase(0.85, "(?<![就不也否能还没])可以了(?![吗么嘛?？])"),
  phrase(0.75, "(?:^|[\\s，,。！!]|现在|终于|这下|这次|已经|总算|嗯|ok|好)好了(?![吗么没?？]|好了)"),
  phrase(0.8, "(?:修|弄|搞|改)好了(?![吗么没?？])"),
  phrase(0.75, "(?<![不也就])行了(?![吗么?？])|ok(?:ay)?了(?![吗么?？])"),
  phrase(0.65, "没问题(?:了|[。！!~]*\\s*$)", { mayAnswerQuestion: true }),
  phrase(
    0.85,
    "(?<![没不否未])(?:成功了|没问题了|解决了|正常了|跑通了|通过了|好使了|能用了|能跑了|生效了|起作用了|修复了|跑起来了)(?![吗么没?？])",
  ),
  phrase(0.8, "(?<!帮我|帮忙|请|给我)搞定(?:了|啦|[！!，,。]|$)"),
  phrase(0.85, "(?:这次|现在|终于|这下|总算|这回)对了"),
  phrase(0.8, "^\\s*对了[！!。.]*\\s*$"),
  phrase(0.7, "完美|太好了|太棒了|(?<!不是|不算|不太)很好(?![奇看])|不错|漂亮"),
  phrase(
    0.75,
    "就要这(?:种|个|样)|就是这样|就是这个|没错(?!误)|正是我(?:想)?要的|这就是我(?:想)?要的|就是我要的",
  ),
];

/** A bare "thanks" after the assistant's turn (rule `thanks-acknowledgement`). */
export const THANKS_ONLY =
  /^\s*(?:ok(?:ay)?[,!.]?\s*)?(?:thanks|thank you|thx|ty|cheers|谢谢|多谢|感谢|谢啦|谢了)(?: (?:a lot|so much|very much|man|mate))?(?:你|您)?[!.！。~]*\s*$/;

/** The user does not understand what the assistant did (rule `explicit-confusion`). */
export const CONFUSION_PHRASES: readonly Phrase[] = [
  phrase(
    0.8,
    `${atClauseStart("(?:wait,?\\s+|hmm+,?\\s+|um+,?\\s+|but\\s+|so\\s+|ok(?:ay)?,?\\s+)?why")} (?:did|does|do|is|are|would|was|were|didn'?t|doesn'?t|isn'?t|aren'?t|won'?t|on earth|exactly|has|have|can'?t|the hell)\\b`,
  ),
  phrase(
    0.85,
    String.raw`\bi (?:still )?(?:don'?t|do not|didn'?t|did not|can'?t) (?:understand|get (?:it|this|that|why|what|how)|follow|see why|see how)\b`,
  ),
  phrase(
    0.8,
    String.raw`\bwhat do you mean\b|\bwhat does (?:that|this|it) (?:even )?mean\b|\bwhat is (?:this|that) (?:supposed to|for)\b|\bwhat are you doing\b`,
  ),
  phrase(
    0.8,
    String.raw`\bi'?m (?:confused|lost|not following|not sure (?:i follow|what you mean|why|what happened|how))\b|\b(?:this|that|it)(?:'s| is) confusing\b|\bconfused\b`,
  ),
  phrase(
    0.8,
    String.raw`\b(?:that|this|it) (?:doesn'?t|does not|didn'?t) make (?:any )?sense\b|\bmakes no sense\b`,
  ),
  phrase(0.75, String.raw`\bhow come\b`),
  phrase(
    0.8,
    String.raw`\bi (?:don'?t|do not) know what you(?:'re| are) (?:referring to|talking about)\b|\bwhat are you (?:referring to|talking about)\b`,
  ),
  phrase(0.75, String.raw`\bwait,? what\b|^\s*(?:huh|what)\s*\?+\s*$|\bhuh\?`),
  phrase(
    0.7,
    String.raw`\bwhat (?:just )?happened\b|\bwhat'?s (?:going on|happening)\b|\bwhat is going on\b`,
  ),
  phrase(0.6, String.raw`\bcan you explain (?:why|what|how)\b|\bexplain (?:why|what) you\b`),
  // Chinese
  phrase(0.75, "(?<![查看找析释明楚道白下究问清弄])为(?:什么|啥)"),
  phrase(0.8, "什么意思|啥意思|什么鬼|啥情况|什么情况(?!下)"),
  phrase(0.8, "没看懂|看不懂|搞不懂|(?:不|没)(?:太|大|是很|怎么)?(?:懂|明白|理解)|糊涂|困惑|懵了|迷惑"),
  phrase(0.75, "怎么回事|咋回事|怎么会|怎么又|怎么(?:连|突然|反而)"),
  phrase(0.75, "这是(?:在)?(?:干|做)(?:什么|啥|嘛)"),
  phrase(0.65, "(?:是|叫|指)(?:啥|什么)(?:东西|意思)?[？?]"),
];

/** The user states how they like things done (rule `explicit-preference`). */
export const PREFERENCE_PHRASES: readonly Phrase[] = [
  phrase(
    0.85,
    String.raw`\bi(?:'d| would)? (?:really |generally |usually |much |strongly |personally )?prefer\b`,
  ),
  phrase(0.85, String.raw`\bi(?:'d| would) (?:much )?rather\b`),
  phrase(0.8, String.raw`\balways (?:use|prefer|go with|write|put|format|sort)\b`),
  phrase(0.75, String.raw`\b(?:can|could|would|will) you (?:please )?(?:always )?prefer\b`),
  phrase(
    0.8,
    `${atClauseStart("prefer")}\\s+(?!not\\b)[^,;.!?\\n]{1,30}?\\s+(?:over|to|instead of|rather than)\\b`,
  ),
  phrase(0.7, String.raw`\bi (?:like|love) (?:to use|using|to keep|to write|having|it when)\b`),
  phrase(0.65, String.raw`\bi (?:don'?t|do not) like (?:using|to use|it when|when|having)\b`),
  phrase(
    0.75,
    String.raw`\bi(?:'m| am) used to\b|\bi (?:usually|typically|normally|tend to) (?:use|go with|write|prefer|run|work with|keep)\b`,
  ),
  phrase(0.8, String.raw`\bmy (?:preference|preferred|favou?rite)\b`),
  phrase(
    0.75,
    String.raw`\bwe (?:always |usually |normally |generally )?(?:use|prefer|go with|stick (?:to|with)) [^,;.!?\n]{1,40}? (?:here|in this (?:repo|project|codebase)|in our (?:repo|project|codebase|team))\b`,
  ),
  phrase(0.75, String.raw`\bwe (?:always|usually|normally|generally) (?:use|prefer|go with|write)\b`),
  phrase(0.65, String.raw`\blet'?s (?:stick|stay) with\b`),
  phrase(0.7, `${atClauseStart("(?:please\\s+)?stick")} (?:to|with)\\b`),
  phrase(0.75, String.raw`\bi(?:'d| would) (?:go|stick) with\b`),
  phrase(0.7, String.raw`\bover [^,;.!?\n]{1,30},? please\b`),
  phrase(
    0.85,
    String.raw`\b(?:from now on|going forward|in the future|next time)\b,?\s*(?:please\s+)?(?:always\s+)?(?:use|prefer|write|go with|run|put|keep|format)\b`,
  ),
  // Chinese
  phrase(0.85, "我(?:更|比较|还是|一般|通常|平时|个人|真的|一直)?(?:喜欢|偏好|偏向|倾向于?|喜爱)"),
  phrase(0.65, "我不(?:太)?喜欢(?:用|使用|在|把|这种|那种)"),
  phrase(0.8, "(?:我|我们|团队)(?:一般|通常|平时|都|一直)?习惯"),
  phrase(0.75, "(?:优先|首选|尽量|尽可能)(?:用|使用|考虑|选择|采用|别|不要|避免|少用|多用)"),
  phrase(0.75, "以后(?:都|一律|统一|请|就)?(?:用|使用|改用|写|按)"),
  phrase(0.75, "以后[^，,。！？!?\\n]{0,12}?(?:都|一律|统一|全部)(?:用|使用|写|按)"),
  phrase(0.7, "还是(?:先)?用[^，,。；;！？!?\\n]{1,20}?(?:吧|了|好)"),
  phrase(0.7, "统一(?:用|使用|成|改成)"),
  phrase(0.75, "(?:我们|项目里|这个项目|团队)(?:一般|都|一直|统一|通常)(?:用|使用)"),
];

/** A question about the assistant's own taste, which is not the user's preference. */
export const ASKS_ASSISTANT_PREFERENCE =
  /\b(?:do|would|what do|which do|which would) you (?:prefer|like|recommend|think|want)\b|\byour (?:preference|favou?rite)\b|\bwhich (?:one )?(?:do|would|should)\b|你(?:更|比较)?(?:喜欢|偏好|觉得|倾向|习惯)|哪个|哪种/;

/** A user message that opens a new request rather than restating the old one. */
export const FOLLOW_UP_OPENER =
  /^\s*(?:also|and|now|next|then|another|additionally|one more|great|thanks|另外|还有|再|接下来|然后|顺便|下一步|现在)/;

/**
 * "It's <identifier>" / "应该是 <identifier or number>": a concrete detail offered after an
 * assistant statement (rule `replaced-detail`). Group 1 is the detail; a number only counts
 * after "should be" / "应该是"-style verbs.
 */
export const REPLACED_DETAIL =
  /\b(?:it'?s|it is|that'?s|it should be|should be|it'?s actually|is actually|it lives|it goes)\s+(?:(?:in|at|on|under|inside|called|named|actually|just|the|a|an|npm|pnpm|yarn|run|file|path|port|branch|script)\s+){0,3}([a-z0-9_~@./:`-]*[a-z0-9][._/:@-]+[a-z0-9][a-z0-9_~@./:`-]*)|(?:should be|应该(?:是|用|改成|改为|设为|设成)|其实是|实际上?是|得用|要用|(?:要|应该|得)?(?:加|放|改|写|移)到)\s*([a-z0-9_~@./:`-]*[a-z0-9][._/:@-]+[a-z0-9][a-z0-9_~@./:`-]*|\d+(?:\.\d+)?)/g;
