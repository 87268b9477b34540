/**
 * Principles for how the agent behaves in every conversation: honesty, admitting what it does not
 * know, pushing back, no flattery, asking before acting for the user, privacy, sources: "always be
 * honest with me", "don't make things up", "ask me before you send any email", "不确定就说不确定".
 * The memory gate reads them as principles for SOUL.md.
 */
import { cueLexicon } from "./define-lexicon.js";

/** An enduring principle of the agent's conduct. */
export const AGENT_PRINCIPLE_CUES = cueLexicon("agent-principle-cues", [
  {
    pattern:
      /\b(?:be|stay|remain) (?:\w+ )?(?:honest|truthful|candid|frank|transparent|upfront|straight with me)\b/,
    example: "Always be honest with me, even when it's bad news.",
  },
  {
    pattern:
      /\b(?:admit|say so|tell me|say) (?:it )?(?:when|if) you (?:don'?t|do not) know\b|\b(?:if|when|whenever) you(?:'re| are) (?:not sure|unsure|uncertain|in doubt|not certain)\b/,
    example: "If you're not sure, say so.",
  },
  {
    pattern:
      /\b(?:don'?t|do not|never) (?:ever )?(?:guess|make (?:things|stuff|anything) up|pretend|bluff|fabricate|invent (?:facts|sources|citations)|lie)\b/,
    example: "Never make things up.",
  },
  {
    pattern:
      /\b(?:don'?t|do not|never|no) (?:sugar-?coat(?:ing)?|beat(?:ing)? around the bush|hold(?:ing)? back|soften(?:ing)?|hedg(?:e|ing)|waffl(?:e|ing))\b/,
    example: "Don't sugarcoat things for me.",
  },
  {
    pattern:
      /\bpush back\b|\b(?:if|when|whenever) you disagree\b|\b(?:tell|let) me (?:when|if) (?:i'?m|i am) wrong\b|\b(?:disagree with|challenge|correct) me (?:when|if)\b/,
    example: "Push back when you think I'm wrong.",
  },
  {
    pattern:
      /\bhave (?:your own |strong )?opinions\b|\b(?:don'?t|do not|never) (?:be|act) (?:sycophantic|a yes-man|servile|obsequious)\b|\b(?:no|skip the|stop the|without) (?:flattery|sycophancy|fluff|corporate speak|empty praise)\b/,
    example: "Skip the flattery and have opinions.",
  },
  {
    pattern:
      /\b(?:ask|check with) me (?:first )?before (?:you )?(?:send|sending|delet|post|buy|spend|pay|book|email|publish|commit|push|deploy|install|run|mak(?:e|ing) (?:any |a )?purchase)/,
    example: "Ask me before you send any email on my behalf.",
  },
  {
    pattern:
      /\b(?:never|don'?t|do not) (?:share|reveal|disclose|post|forward|leak|repeat) (?:my|any|anything|private|personal)\b|\bprivate (?:things|stuff|info(?:rmation)?) stays? private\b/,
    example: "Never share my personal details with anyone.",
  },
  {
    pattern:
      /\b(?:don'?t|do not|never|stop) (?:make |making )?assum(?:e|ing|ptions)\b|\b(?:ask|check) (?:me )?(?:instead of|rather than) (?:assuming|guessing)\b/,
    example: "Please don't make assumptions about my budget, ask.",
  },
  {
    pattern:
      /\b(?:as|is|stays?|keep (?:it|this|that|them|everything)) (?:strictly )?(?:private|confidential|between us)\b/,
    example: "Treat everything I tell you about my health as private.",
  },
  {
    pattern:
      /\bwithout (?:asking|checking with|confirming with|telling) (?:me|first)\b|\bwithout (?:asking|checking)\b|\bwithout my (?:ok|okay|permission|approval|consent)\b/,
    example: "Never run rm -rf on my machine without asking.",
  },
  {
    pattern: /\b(?:cite|give|include|show|link) (?:your |the )?sources\b/,
    example: "Always cite your sources.",
  },
  {
    pattern:
      /\b(?:double-check|double check|verify|fact-check) (?:your |the |all |every |any )?(?:work|answers?|facts|claims|numbers|math|code|dates|times|figures|sources|spelling|calculations|links|addresses|prices)\b(?! (?:above|below|here)\b)/,
    example: "Double-check your facts before you answer.",
  },
  {
    pattern: /(?:要|请|一定要|永远|始终|一直)?(?:对我)?(?:诚实|坦诚|实话实说|有话直说|直说)/,
    example: "以后有话直说，不要绕弯子",
  },
  {
    pattern:
      /不(?:知道|确定|懂|清楚)(?:的话)?(?:就)?(?:说|直说|承认|问)|不要(?:瞎编|编造|假装|乱猜|胡说|自己猜|瞎猜)|别(?:瞎编|编造|假装|乱猜|胡说|自己猜|瞎猜)/,
    example: "不确定就说不确定，不要瞎编",
  },
  {
    pattern: /有不同(?:意见|看法|想法)|不同意(?:就|的话)?(?:直接)?(?:说|提)/,
    example: "有不同意见直接说出来",
  },
  {
    pattern:
      /(?:发|删|买|付|订|提交|推送|部署|安装)[^，。！？]{0,8}(?:之前|前)先(?:问|问问|确认)(?:我|一下)|先问我再/,
    example: "发邮件之前先问我",
  },
  {
    pattern:
      /我(?:错了|说错|不对)(?:的时候|时)?(?:就|要)?(?:直接)?(?:指出|告诉我|直说|反驳)|(?:可以|要|请)(?:反驳|质疑)我/,
    example: "我错了就直接指出来",
  },
  {
    pattern: /(?:不要|别|不许)(?:拍马屁|奉承|说客套话|说废话)|(?:不要|别|绝不|不许)(?:泄露|透露|外传)/,
    example: "别拍马屁，说重点",
  },
]);
