/**
 * Trouble reports: the project's own thing misbehaving again or still, said as a question as often
 * as not — "why is the nightly build failing again?", "the api pods keep getting OOMKilled",
 * "怎么又连旧地址了", "又连不上了？". Such a question asks about the project, not the world: its
 * conventions and lessons hold for it. A repeat marker (again, still, keeps, 又, 还是, 一直) and a
 * sign of trouble must both be there: "why does TCP retransmit?" is a knowledge question. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** What goes wrong: failing, broken, down, timing out, refused, 连不上, 报错, 挂了. */
const TROUBLE = String.raw`(?:fail\w*|broke\w*|crash\w*|down|red|erroring|errors?|timing out|times? out|timed out|hang\w*|stuck|refus\w*|restart\w*|OOMKill\w*|flak\w*|404|500|502|503|can'?t (?:connect|reach|find|start)|won'?t (?:start|build|connect|load|compile))`;

/** Every wording of a trouble report, English then Chinese. */
export const TROUBLE_REPORTS = defineLexicon("trouble-reports", [
  {
    pattern: new RegExp(
      String.raw`\b(?:again|still|keeps?(?: on)?)\b[^.?!]{0,40}\b${TROUBLE}|\b${TROUBLE}\b[^.?!]{0,30}\b(?:again|still)\b`,
    ),
    example: "why is the nightly build failing again?",
  },
  {
    pattern:
      /(?:又|还是|一直|老是|总是)[^，。？！?!]{0,8}(?:连|报错|挂|失败|超时|崩|卡|不行|不通|起不来|重启|红)/,
    example: "怎么又连旧地址了",
  },
]);
