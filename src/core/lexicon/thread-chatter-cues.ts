/**
 * Talk about the conversation at hand: pointing at a part of it ("the second paragraph", "the code
 * above"), asking what was meant, moving on ("let's continue"), or editing what was just written
 * ("rewrite it", "make this shorter"), "把第二段改短一点", "继续". Nothing in it outlives the
 * thread. (Asking for another try or another option is `RETRY_REQUESTS` and `OTHER_OPTION_REQUESTS`.)
 */
import { cueLexicon } from "./define-lexicon.js";

/** A remark about the thread itself. */
export const THREAD_CHATTER_CUES = cueLexicon("thread-chatter-cues", [
  {
    pattern:
      /\b(?:the|this|that|your) (?:first|second|third|fourth|fifth|last|previous|next|above|other|final|opening|closing) (?:paragraph|section|sentence|line|bullet|point|option|version|draft|example|answer|reply|message|step|item|part|chapter|slide)\b/,
    example: "Can you shorten the second paragraph?",
  },
  {
    pattern: /\b(?:the \w+ )?(?:above|below)\b|\bearlier in (?:this|the|our) (?:chat|conversation|thread)\b/,
    example: "The code above doesn't compile.",
  },
  {
    pattern:
      /\bwhat (?:do|did) you mean\b|\b(?:can|could) you (?:explain|elaborate|clarify)\b|\bexplain (?:that|this|it)\b/,
    example: "What did you mean by that?",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:ok(?:ay)?,? )?(?:continue|go on|keep going|carry on|next|proceed|go ahead|let'?s (?:continue|move on|start|begin|go|proceed|do it))\b/,
    example: "OK, let's continue with step 3.",
  },
  {
    pattern:
      /\b(?:make|rewrite|shorten|expand|rephrase|reword|translate|summari[sz]e|fix|change|edit|tweak|update|redo|format|polish) (?:it|this|that|the (?:text|draft|email|code|answer|list|table|intro|title|summary|paragraph|sentence|wording|letter|post|reply))\b/,
    example: "Rewrite it in a friendlier tone.",
  },
  {
    pattern:
      /\b(?:in|from) (?:this|our) (?:chat|conversation|thread|discussion)\b|\bwe were (?:just )?(?:talking|discussing)\b/,
    example: "Back to what we were talking about in this chat.",
  },
  {
    pattern:
      /上面|下面那|刚才(?:那|说的|的)|前面(?:那|说的)|第[一二三四五六七八九十\d]+(?:段|条|点|步|版|部分)/,
    example: "把第二段改短一点",
  },
  { pattern: /继续|接着(?:说|写|来)|下一步|什么意思|解释一下|展开(?:说|讲)/, example: "继续写下一部分" },
  {
    pattern: /(?:改|写|翻译|总结|润色|缩短|扩写|调整)(?:一下|成|得)(?:这|那)?/,
    example: "帮我润色一下这段",
  },
]);
