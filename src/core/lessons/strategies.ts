/**
 * Strategy detection (docs/design.md#anti-patterns): find the decomposition strategies a task
 * description uses, in English and Chinese. Pure.
 */
import { languageOf } from "../lexicon/language.js";

/** The 12 decomposition strategies tacit detects. */
export type StrategyId =
  | "split-by-file-type"
  | "split-by-component"
  | "split-by-layer"
  | "split-by-feature"
  | "one-file-per-subtask"
  | "shared-types-first"
  | "separate-api-routes"
  | "tests-with-implementation"
  | "tests-in-separate-subtask"
  | "maximize-parallelization"
  | "sequential-order"
  | "respect-dependency-chain";

/** A strategy with its labels and the phrasings that detect it (matched on NFKC, lower-cased text). */
export interface StrategyDefinition {
  id: StrategyId;
  label: { en: string; zh: string };
  patterns: readonly RegExp[];
}

const SUBTASK = "(?:sub-?tasks?|tasks?)";

/** The detected strategies, in a fixed order, with several phrasings per language. */
export const STRATEGIES: readonly StrategyDefinition[] = [
  {
    id: "split-by-file-type",
    label: { en: "split by file type", zh: "按文件类型拆分" },
    patterns: [
      /\bby\s+file[\s-]?(?:types?|extensions?)\b/,
      /\bfile[\s-]type[\s-]based\b/,
      /\b(?:per|each)\s+file[\s-]?type\b/,
      /(?:按|按照|根据)文件(?:类型|后缀|扩展名)/,
      /文件类型(?:拆分|划分|分组)/,
    ],
  },
  {
    id: "split-by-component",
    label: { en: "split by component", zh: "按组件拆分" },
    patterns: [
      /\bby\s+components?\b/,
      /\bcomponent[\s-]based\s+(?:split|decomposition|breakdown)\b/,
      /\b(?:one\s+sub-?task\s+)?(?:per|for\s+each)\s+component\b/,
      /(?:按|按照|根据)组件/,
      /组件(?:拆分|划分)/,
      /每个组件(?:一个)?(?:子任务|任务)/,
    ],
  },
  {
    id: "split-by-layer",
    label: { en: "split by layer", zh: "按层拆分" },
    patterns: [
      /\bby\s+(?:architectural\s+)?layers?\b/,
      /\blayer[\s-]based\s+(?:split|decomposition|breakdown)\b/,
      /\b(?:per|for\s+each)\s+layer\b/,
      /\bui\s*\/\s*logic\s*\/\s*data\b/,
      /(?:按|按照|根据)(?:架构)?(?:层|层次|分层)/,
      /分层(?:拆分|划分)/,
      /(?:ui|界面)\s*[/、,]\s*逻辑\s*[/、,]\s*数据/,
    ],
  },
  {
    id: "split-by-feature",
    label: { en: "split by feature", zh: "按功能拆分" },
    patterns: [
      /\bby\s+features?\b/,
      /\bfeature[\s-]based\s+(?:split|decomposition|breakdown)\b/,
      /\b(?:per|for\s+each)\s+feature\b/,
      /\bvertical\s+slices?\b/,
      /(?:按|按照|根据)(?:功能|特性)/,
      /(?:功能|特性)(?:拆分|划分)/,
      /每个(?:功能|特性)(?:一个)?(?:子任务|任务)/,
    ],
  },
  {
    id: "one-file-per-subtask",
    label: { en: "one file per subtask", zh: "每个子任务一个文件" },
    patterns: [
      new RegExp(String.raw`\bone\s+file\s+(?:per|for\s+each|each)\s+${SUBTASK}`),
      new RegExp(
        String.raw`\beach\s+${SUBTASK}\s+(?:touches|owns|edits|modifies|changes|gets|handles)\s+(?:a\s+single|one|exactly\s+one|only\s+one)\s+file\b`,
      ),
      new RegExp(String.raw`\bsingle\s+file\s+per\s+${SUBTASK}`),
      /每个子任务(?:只)?(?:修改|处理|负责|改|对应|包含)?(?:一个|单个)文件/,
      /一个子任务一个文件/,
      /(?:一个|单个)文件(?:一个|对应一个)子任务/,
    ],
  },
  {
    id: "shared-types-first",
    label: { en: "shared types first", zh: "先处理共享类型" },
    patterns: [
      /\b(?:shared|common)\s+types?\s+first\b/,
      /\b(?:start|begin)\s+(?:with|by\s+(?:defining|creating))\s+(?:the\s+)?(?:shared|common)\s+types?\b/,
      /\b(?:define|create|write|set\s+up|handle)\s+(?:the\s+)?(?:shared|common)\s+types?\s+(?:first|before)\b/,
      /先(?:处理|定义|创建|完成|编写|写)?(?:好)?(?:共享|公共|通用)类型/,
      /(?:共享|公共|通用)类型(?:优先|先行|放在最前)/,
      /首先(?:处理|定义|创建)(?:共享|公共|通用)类型/,
    ],
  },
  {
    id: "separate-api-routes",
    label: { en: "separate API routes", zh: "分离API路由" },
    patterns: [
      /\bseparate\s+(?:the\s+)?api\s+routes?\b/,
      /\bapi\s+routes?\s+(?:in|as|into)\s+(?:a\s+)?separate\b/,
      /\b(?:split|isolate|break)\s+(?:out\s+)?(?:the\s+)?api\s+routes?\b/,
      /\beach\s+api\s+route\s+(?:as|in|gets)\b/,
      /(?:分离|拆分|拆出|独立出?|单独处理)(?:出)?\s*api\s*路由/,
      /api\s*路由(?:分离|单独|拆分|独立)/,
      /(?:单独|独立)的?\s*api\s*路由/,
    ],
  },
  {
    id: "tests-with-implementation",
    label: { en: "tests with implementation", zh: "测试与实现一起" },
    patterns: [
      /\btests?\s+(?:alongside|together\s+with|with|next\s+to)\s+(?:the\s+|its\s+|their\s+)?(?:implementation|code)\b/,
      /\b(?:implementation|code)\s+(?:and|with|together\s+with)\s+(?:its\s+|their\s+)?tests\s+(?:together|in\s+the\s+same)\b/,
      /\b(?:each\s+sub-?task\s+)?(?:includes?|including)\s+(?:its|their)\s+(?:own\s+)?tests\b/,
      /\btests?\s+in\s+the\s+same\s+(?:sub-?task|task)\s+as\b/,
      /测试(?:与|和|跟|同)实现(?:一起|同步|放在一起|在同一)/,
      /(?:实现|代码)(?:与|和|跟)测试(?:一起|同步|放在一起|在同一)/,
      /边实现边(?:写)?测试/,
      /测试随实现/,
    ],
  },
  {
    id: "tests-in-separate-subtask",
    label: { en: "tests in separate subtask", zh: "测试在单独子任务中" },
    patterns: [
      new RegExp(
        String.raw`\btests?\s+(?:in|as|into)\s+(?:a\s+|their\s+own\s+)?(?:separate|dedicated|own)\s+(?:${SUBTASK}|step)`,
      ),
      new RegExp(
        String.raw`\b(?:separate|dedicated)\s+(?:testing\s+|test\s+)?${SUBTASK}\s+for\s+(?:the\s+)?tests?\b`,
      ),
      new RegExp(String.raw`\b(?:separate|dedicated)\s+(?:testing|test)\s+${SUBTASK}`),
      /测试(?:在|放在|作为|放到|拆成)(?:一个)?(?:单独|独立)的?子任务/,
      /(?:单独|独立)(?:的)?测试(?:子)?任务/,
      /测试单独(?:成|作为|拆成)?(?:一个)?子任务/,
    ],
  },
  {
    id: "maximize-parallelization",
    label: { en: "maximize parallelization", zh: "最大化并行化" },
    patterns: [
      /\bmaximi[sz]e\s+parallel(?:ism|ization|isation)?\b/,
      /\bas\s+(?:much\s+)?parallel(?:izable|ized)?\s+as\s+possible\b/,
      /\bmax(?:imum)?\s+parallel(?:ism|ization|isation)?\b/,
      /\b(?:run|work|execute|do)\s+(?:\w+\s+){0,3}in\s+parallel\b/,
      /最大化并行/,
      /尽(?:可能|量)(?:地)?并行/,
      /最大(?:程度|限度)(?:地)?并行/,
      /并行(?:执行|处理|进行)/,
    ],
  },
  {
    id: "sequential-order",
    label: { en: "sequential order", zh: "顺序执行" },
    patterns: [
      /\bsequential(?:ly)?\b/,
      /\bin\s+sequence\b/,
      /\bone\s+(?:after\s+(?:another|the\s+other)|at\s+a\s+time)\b/,
      /\bserially\b/,
      /\bstep\s+by\s+step\b/,
      /顺序(?:执行|进行|处理|完成)/,
      /按顺序/,
      /依次(?:执行|处理|进行|完成)/,
      /逐(?:个|一)(?:执行|处理|完成)/,
      /串行/,
    ],
  },
  {
    id: "respect-dependency-chain",
    label: { en: "respect dependency chain", zh: "尊重依赖链" },
    patterns: [
      /\brespect(?:s|ing)?\s+(?:the\s+)?dependenc(?:y|ies)\b/,
      /\bdependency\s+(?:chain|order|graph)\b/,
      /\b(?:follow|honou?r)(?:s|ing)?\s+(?:the\s+)?dependenc(?:y|ies)\b/,
      /\bin\s+(?:the\s+)?order\s+of\s+(?:their\s+)?dependencies\b/,
      /(?:尊重|遵循|遵守|按照|按)(?:依赖|依存)(?:链|关系|顺序)?/,
      /依赖链/,
      /(?:依赖|依存)(?:顺序|关系)(?:执行|进行|处理)/,
    ],
  },
];

/** A strategy found in a description; `label` is in the description's language. */
export interface DetectedStrategy {
  id: StrategyId;
  label: string;
}

/**
 * Detect decomposition strategies in a task description (English or Chinese, mixed text allowed).
 * Returns them in `STRATEGIES` order, each once, labelled in the description's language:
 * "我们将按文件类型拆分,每个子任务一个文件" → 按文件类型拆分, 每个子任务一个文件.
 */
export function extractStrategies(description: string): DetectedStrategy[] {
  const text = description.normalize("NFKC").toLowerCase();
  const language = languageOf(description);
  return STRATEGIES.filter((strategy) => strategy.patterns.some((pattern) => pattern.test(text))).map(
    (strategy) => ({ id: strategy.id, label: strategy.label[language] }),
  );
}
