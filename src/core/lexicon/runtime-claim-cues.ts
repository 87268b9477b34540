/**
 * Claims about how a system behaves at the moment, which nobody can check later: "the server
 * seems slow today", "the API is down again", "I think the database crashed", "服务器今天好像很慢".
 * The memory gate never writes them: by the time they are read back they are stale or were never
 * true.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A claim about a system's current state. */
export const RUNTIME_CLAIM_CUES = cueLexicon("runtime-claim-cues", [
  {
    pattern:
      /\b(?:seems?|looks?|appears?|feels?) (?:to be |like (?:it'?s |the \w+ (?:is|are) )?)?(?:really |a bit |kind of |very |super )?(?:slow|down|broken|flaky|laggy|stuck|offline|unreachable|dead|busy|overloaded|faster|slower|sluggish|unstable|off)\b/,
    example: "The server seems slow today.",
  },
  {
    pattern:
      /\b(?:is|are|was|were|went|keeps? going)(?: (?:currently|still|totally|completely|kind of|a bit|really|so|very|super|down))? (?:down|offline|unreachable|broken|flaky|laggy|slow|overloaded|unresponsive|out of (?:disk|space|memory))\b/,
    example: "The API is down again.",
  },
  {
    pattern:
      /\b(?:cpu|memory|disk|load|latency|traffic|queue|error rate)\b[^.!?]{0,20}\b(?:high|low|spiking|spiked|full|through the roof|at \d+)/,
    example: "CPU usage is spiking on the web box.",
  },
  {
    pattern:
      /\b(?:i think|i guess|probably|maybe|apparently|supposedly|i heard|someone said)\b[^.!?]{0,40}\b(?:down|broken|slow|crashed|hacked|leaked|failing|outage)\b/,
    example: "I think the database crashed.",
  },
  {
    pattern: /\bthere(?:'s| is| was) (?:an? )?(?:outage|incident|slowdown|lag|delay|glitch)\b/,
    example: "There's an outage at the provider.",
  },
  {
    pattern: /(?:好像|似乎|感觉|貌似|估计|可能)[^，。！？]{0,12}(?:慢|卡|挂了|崩了|坏了|断了|不稳定|出问题)/,
    example: "服务器今天好像很慢",
  },
  { pattern: /挂了|宕机|崩了|崩溃了|断网了|掉线了|卡死了|卡住了/, example: "网站又挂了" },
]);
