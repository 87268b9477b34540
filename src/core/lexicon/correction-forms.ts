/**
 * Correction forms: how a user's correction names what was wrong and what is right, in English and
 * Chinese ("use pnpm instead of npm", "不是 config.json，应该是 config.yaml"), each with the capture
 * groups of the two terms, in the order they are tried (the first that matches wins; see
 * learning's `extractCorrection`). Pure.
 */
import { CORRECTION_READER, ZH_USE_VERB } from "../signals/rule-phrases.js";
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

const SEGMENT = String.raw`((?:[^,;!?\n]|\.(?=\S)){1,60}?)`;
const END = String.raw`(?=\s*(?:[,;!?\n—–]|--|\s-\s|:\s|\.(?:\s|$)|$|\s(?:instead|please|here|then)\b))`;
const ZH_SEGMENT = "([^，,。；;！？!?\\n]{1,40}?)";
const ZH_SEGMENT_NO_NOT = "([^，,。；;！？!?\\n不]{1,40}?)";
const ZH_END = "(?=\\s*(?:[，,。；;！？!?\\n]|$|吧|哦|啊|呀))";
/** "config.json is only for the old CLI": group 1 is the thing that is not the one to use. */
export const ONLY_FOR = String.raw`((?:\`[^\`]+\`|[\w@~./-]*[./_][\w@~./-]*\w))\s+(?:is|are)\s+(?:only|just)\s+(?:for|used\s+(?:for|by|in)|meant\s+for|read\s+by)\b`;
export const ZH_ONLY_FOR =
  "((?:`[^`]+`|[\\w@~./-]*[./_][\\w@~./-]*\\w))\\s*(?:只|仅)(?:是)?(?:用于|用在|给|供|针对|在)";
/** What "the app reads" / "应用读的是" introduces: the right term. */
const ZH_RIGHT_LEAD = `(?:读的是|用的是|改的是|应该是|而是|是|要用|要改|改用|${ZH_USE_VERB})`;

/** A correction form: which capture group is the wrong term and which the right one (0 = none). */
export interface CorrectionForm extends LexiconEntry {
  wrong: number;
  right: number;
  /** For "wrong file, it's Y": the kind of thing that was wrong, resolved from the agent's last call. */
  wrongCategory?: number;
}

function english(
  example: string,
  source: string,
  wrong: number,
  right: number,
  wrongCategory?: number,
): CorrectionForm {
  const pattern = new RegExp(source);
  const form = { pattern, example, wrong, right };
  return wrongCategory === undefined ? form : { ...form, wrongCategory };
}

const VERB = "(?:use|try|run|call|go with|switch to|pick|write|install)";

/** Ordered: the first pattern that matches the correction sentence wins. */
export const CORRECTION_FORMS = defineLexicon<CorrectionForm>("correction-forms", [
  english(
    "instead of npm, use pnpm",
    String.raw`\binstead of ${SEGMENT},?\s+${VERB}\s+${SEGMENT}${END}`,
    1,
    2,
  ),
  english(
    "use pnpm instead of npm",
    String.raw`\b${VERB}\s+${SEGMENT}\s+instead of\s+${SEGMENT}${END}`,
    2,
    1,
  ),
  english(
    "don't use moment, use dayjs",
    String.raw`\b(?:don'?t|do not|never|stop)\s+(?:use|using|run|running|call|calling|edit|editing|touch|touching|install|installing)\s+${SEGMENT}\s*[,;.]\s*(?:just\s+|instead\s+|please\s+)?${VERB}\s+${SEGMENT}${END}`,
    1,
    2,
  ),
  english(
    "it's config.yaml, not config.json",
    String.raw`\b(?:should (?:be|use|go in)|it'?s|it is|use|uses|reads|loads|run(?: (?:it|this|that|them))?(?: with| via| using| through)?|i meant|i want|we use)\s+${SEGMENT},?\s+(?:and\s+)?(?:not|never)\s+(?:use\s+|run\s+)?${SEGMENT}${END}`,
    2,
    1,
  ),
  english(
    "not npm, it's pnpm",
    String.raw`\bnot\s+${SEGMENT}\s*(?:[,;:—–]|--|\s-\s)\s*(?:it'?s|it is|it should be|should be|use|but|i meant|we use|rather|instead|${CORRECTION_READER})\s+${SEGMENT}${END}`,
    1,
    2,
  ),
  english(
    "config.json is only for the old CLI, the app reads config.yaml",
    String.raw`${ONLY_FOR}[^,;!?\n—–]*?\s*(?:[,;:—–]|--|\s-\s)\s*(?:it'?s|it is|it should be|should be|use|edit|change|update|put it in|move it to|${CORRECTION_READER})\s+${SEGMENT}${END}`,
    1,
    2,
  ),
  english("not npm but pnpm", String.raw`\bnot\s+${SEGMENT}\s+but\s+(?:rather\s+)?${SEGMENT}${END}`, 1, 2),
  // "use ./deploy.sh staging, don't kubectl apply by hand"
  english(
    "use ./deploy.sh staging, don't kubectl apply by hand",
    String.raw`(?:^|[,;.!?]\s*|\b(?:just|please|so|and)\s+)(?:use|run)\s+${SEGMENT}\s*[,;]\s*(?:and\s+)?(?:don'?t|do not)\s+(?:use\s+|run\s+)?${SEGMENT}${END}`,
    2,
    1,
  ),
  // Across sentences: "No, not npm, this is a pnpm workspace. Use pnpm install."
  english(
    "No, not npm, this is a pnpm workspace. Use pnpm install.",
    String.raw`\bnot\s+${SEGMENT}(?:[,;:]\s*[^.!?\n]*)?[.!?]\s+(?:just\s+|please\s+|so\s+)?use\s+${SEGMENT}${END}`,
    1,
    2,
  ),
  english(
    "Wrong branch, it's release/1.2",
    String.raw`\bwrong (file|branch|directory|folder|path|command|package|port)\b[^,;.!?]*?[,;:.]?\s*(?:it'?s|use|should be|the right one is)\s+${SEGMENT}${END}`,
    0,
    2,
    1,
  ),
  english(
    "No, use `pnpm add` here.",
    String.raw`\b(?:no|nope|wrong)[,.!]?\s+(?:use|it'?s|it is|it should be|should be|i meant|we use)\s+${SEGMENT}${END}`,
    0,
    1,
  ),
  english("try vitest instead", String.raw`\b${VERB}\s+${SEGMENT}\s+instead\b`, 0, 1),
  english("I meant staging", String.raw`\bi meant\s+${SEGMENT}${END}`, 0, 1),
  {
    example: "不是 config.json，应该是 config.yaml",
    pattern: new RegExp(
      `不是${ZH_SEGMENT}[，,；;、]?\\s*(?:而是|应该是|应该用|要用|改用|换成|用的是|是)\\s*${ZH_SEGMENT}${ZH_END}`,
    ),
    wrong: 1,
    right: 2,
  },
  {
    // "不是这个文件，应用读的是 config.yaml": a few words before the right term's lead.
    example: "不是这个文件，应用读的是 config.yaml",
    pattern: new RegExp(
      `不是${ZH_SEGMENT}[，,；;、]\\s*[^，,。；;！？!?\\n]{0,8}?(?:我(?:是说|指的是|说的是)|${ZH_RIGHT_LEAD})\\s*${ZH_SEGMENT}${ZH_END}`,
    ),
    wrong: 1,
    right: 2,
  },
  {
    example: "别用 npm，用 pnpm",
    pattern: new RegExp(
      `(?:别|不要|不用|不能)(?:再)?(?:用|装|引入|加|切到|切换到|跑|运行|执行)\\s*${ZH_SEGMENT}\\s*[，,；;]\\s*(?:用|改用|换成|换|要用|请用)\\s*${ZH_SEGMENT}${ZH_END}`,
    ),
    wrong: 1,
    right: 2,
  },
  {
    example: "用 dayjs，别用 moment",
    pattern: new RegExp(
      `${ZH_USE_VERB}\\s*${ZH_SEGMENT}\\s*[，,]\\s*(?:别|不要)(?:再)?(?:用|装|引入|加)\\s*${ZH_SEGMENT}${ZH_END}`,
    ),
    wrong: 2,
    right: 1,
  },
  {
    // Across sentences: "别用 moment，太大了。我更喜欢用 dayjs" / "不要跑 pnpm test，…。只跑单元测试用 pnpm test:unit"
    example: "别用 moment，太大了。我更喜欢用 dayjs",
    pattern: new RegExp(
      `(?:别|不要|不用|不能)(?:再)?(?:用|装|引入|跑|运行|执行)\\s*${ZH_SEGMENT}${ZH_END}[^。！？!?\\n]*[。！？!?]\\s*[^，,。；;！？!?\\n]{0,10}?(?:只能用|要用|改用|请用|就用|${ZH_USE_VERB})\\s*${ZH_SEGMENT}${ZH_END}`,
    ),
    wrong: 1,
    right: 2,
  },
  {
    example: "是 pnpm，不是 npm",
    pattern: new RegExp(`是\\s*${ZH_SEGMENT_NO_NOT}\\s*[，,]?\\s*(?:而)?不是\\s*${ZH_SEGMENT}${ZH_END}`),
    wrong: 2,
    right: 1,
  },
  {
    example: "文件错了，应该是 config.yaml",
    pattern: new RegExp(
      `(文件|路径|端口|分支|目录|命令|版本|包名?|函数|方法|配置)(?:搞|弄|用|改|写|找)?错了[，,]?\\s*(?:应该是|是|应该|要用|用)\\s*${ZH_SEGMENT}${ZH_END}`,
    ),
    wrong: 0,
    right: 2,
    wrongCategory: 1,
  },
  {
    example: "config.json 只用于旧的命令行，应用读的是 config.yaml",
    pattern: new RegExp(
      `${ZH_ONLY_FOR}[^，,。；;！？!?\\n]*[，,；;]\\s*[^，,。；;！？!?\\n]{0,8}?${ZH_RIGHT_LEAD}\\s*${ZH_SEGMENT}${ZH_END}`,
    ),
    wrong: 1,
    right: 2,
  },
  {
    // "不要用 npm，应该用 pnpm"
    example: "不要用 npm，应该用 pnpm",
    pattern: new RegExp(
      `(?:别|不要|不用|不能)(?:再)?(?:用|装|引入|跑|运行)\\s*${ZH_SEGMENT}\\s*[，,；;]\\s*应该(?:用|改用|换成)\\s*${ZH_SEGMENT}${ZH_END}`,
    ),
    wrong: 1,
    right: 2,
  },
  {
    example: "应该用 vitest.config.ts",
    pattern: new RegExp(`应该(?:用|是|改成|改为)\\s*${ZH_SEGMENT}${ZH_END}`),
    wrong: 0,
    right: 1,
  },
  {
    example: "我说的是 staging 环境",
    pattern: new RegExp(`(?:我(?:指|说)的是|我的意思是|我是说)\\s*${ZH_SEGMENT}${ZH_END}`),
    wrong: 0,
    right: 1,
  },
]);
