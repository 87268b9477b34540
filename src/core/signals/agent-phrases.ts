/**
 * Patterns for assistant and tool messages: the assistant admitting a mistake, tool output
 * reporting failure or success, and the tools whose output is data. Compiled once at load.
 */
import type { Phrase } from "./rule-phrases.js";
import { phrase } from "./rule-phrases.js";

/** The assistant admits a mistake in its own work (rule `assistant-self-check`). */
export const SELF_CHECK_PHRASES: readonly Phrase[] = [
  phrase(
    0.85,
    String.raw`\bi (?:made a mistake|made an error|was wrong|was mistaken|misread|misunderstood|overlooked|forgot to|introduced (?:a|the|this) (?:bug|regression|error)|broke)\b`,
  ),
  phrase(
    0.85,
    String.raw`\bmy (?:mistake|bad|apologies|error|fault)\b|\bi (?:incorrectly|mistakenly|wrongly|accidentally)\b`,
  ),
  phrase(
    0.8,
    String.raw`\bthat was (?:incorrect|wrong|a mistake|my mistake)\b|\b(?:my|the) (?:previous|earlier|last) (?:change|edit|fix|answer|approach|suggestion|attempt) (?:was (?:wrong|incorrect)|didn'?t|did not|broke|introduced|caused)\b`,
  ),
  phrase(0.7, String.raw`\bi should have\b|\boops\b`),
  phrase(0.75, String.raw`\byou'?re (?:right|correct)\b[,.!—-]?\s*(?:i|the|my|sorry|that)\b`),
  phrase(
    0.65,
    String.raw`\blet me (?:fix|correct|revert|undo) (?:that|this|it|my mistake|the mistake|my error)\b`,
    {
      afterErrorOnly: true,
    },
  ),
  // Chinese
  phrase(0.85, "我(?:搞|弄|看|写|理解|记|改|想)错了|(?:是)?我的(?:错|疏忽|失误)"),
  phrase(0.8, "我[^，,。！？!?\\n]{1,20}?(?:(?:搞|弄|看|写|拼|记|改|用)错|漏掉|遗漏|漏|忘)了"),
  phrase(0.8, "(?:抱歉|不好意思|对不起)[^。！!]{0,20}?(?:错|疏忽|遗漏|漏了|忘了|有误)"),
  phrase(
    0.85,
    "我(?:之前|刚才|刚刚|上次)(?:的)?(?:理解|修改|改动|做法|写法|回答|判断|方案)?(?:有误|错了|不对|有问题|搞错|遗漏|漏掉)",
  ),
  phrase(0.8, "我(?:疏忽|遗漏|漏掉|忘记|忘)了"),
  phrase(0.65, "(?:让我|我来)(?:修正|纠正|改正|修复)", { afterErrorOnly: true }),
];

/** Tool output that reports a failure (rule `tool-error`); run on lowercased output. */
export const TOOL_ERROR_PHRASES: readonly Phrase[] = [
  phrase(
    0.85,
    String.raw`\bexit(?:ed)?(?: with)? (?:code|status)[: =]*[1-9]\d*\b|\bexit code[: =]*[1-9]\d*\b`,
    { multiline: true },
  ),
  phrase(0.85, String.raw`^traceback \(most recent call last\)`, { multiline: true }),
  // git names the reason on the rejected line ("! [rejected] main -> main (non-fast-forward)").
  phrase(0.85, String.raw`^\s*! \[(?:remote )?rejected\]`, { multiline: true }),
  phrase(0.8, String.raw`(?:error|exception)(?<=(?:^|[\s\[(])[a-z_.]{0,40}(?:error|exception)):\s`, {
    multiline: true,
  }),
  phrase(
    0.85,
    String.raw`command not found|no such file or directory|permission denied|is not recognized as an internal|cannot find module|module not found|\benoent\b|\beaddrinuse\b|\beacces\b|\beconnrefused\b|\betimedout\b|segmentation fault|core dumped|npm err!|^npm error\b|\berr_pnpm|\berror ts\d+|^fatal:|^panic:|\bunhandled (?:promise )?rejection\b|\buncaught\b`,
    { multiline: true },
  ),
  phrase(
    0.8,
    String.raw`\b(?:build|compilation|installation|deploy(?:ment)?|tests?) failed\b|\bfailed to (?:compile|build|install|start|connect|resolve|load|fetch)\b|^fail\b|\b[1-9]\d* (?:failed|failing|errors?|failures?)\b|(?<!\b0 )\bfailed\b(?!:? ?0\b)`,
    { multiline: true },
  ),
  phrase(
    0.8,
    String.raw`(?:^|:\s)(?:error|fatal|failure)\b|\b(?:cannot|could not|couldn'?t|unable to) (?:connect|find|resolve|open|locate|access|read|write|create|load|start)\b|\b(?:does not|doesn'?t) exist\b`,
    { multiline: true },
  ),
  phrase(0.75, "(?<!没有|无|0 ?个?)(?:失败|错误|报错|找不到|拒绝访问|无法|异常)", { multiline: true }),
];

/** Tool output that reports success (used by rule `recovery` to raise confidence). */
export const TOOL_SUCCESS_MARKERS =
  /\b(?:pass(?:ed|es|ing)?|success(?:ful(?:ly)?)?|succeeded|ok|done|compiled|built|installed|listening on|ready|0 errors|0 failed|no errors)\b|✓|✔|成功|通过|完成/;

/** Tools whose output is data (file contents, search hits), not the outcome of an action. */
export const DATA_TOOL_NAMES: ReadonlySet<string> = new Set([
  "read",
  "read_file",
  "view",
  "cat",
  "grep",
  "glob",
  "search",
  "ls",
  "list",
  "find",
  "webfetch",
  "web_fetch",
  "fetch",
  "websearch",
  "notebookread",
  "todoread",
  "todowrite",
]);
