/**
 * How the agent should answer: language, length, format and tone: "reply in English", "keep your
 * answers short", "no emojis", "get straight to the point", "用中文回答". On their own they may be
 * about the answer at hand; with a standing marker ("from now on", "以后") they are a principle
 * for SOUL.md.
 */
import { maskText } from "../signals/signal-text.js";
import { cueLexicon } from "./define-lexicon.js";

/** A wish about the form of the agent's answers. */
export const RESPONSE_STYLE_CUES = cueLexicon("response-style-cues", [
  {
    pattern:
      /\b(?:answer|reply|respond|write|talk|speak)(?: to me)? (?:in|using) (?:english|chinese|mandarin|spanish|french|german|japanese|portuguese|italian|dutch|plain (?:english|language)|bullet points|markdown|short sentences|full sentences|a (?:casual|formal|friendly|neutral) (?:tone|way|voice))\b/,
    example: "Reply in English.",
  },
  {
    pattern:
      /\b(?:keep|make) (?:your |the )?(?:answers?|replies|responses|messages|explanations|summaries) (?:short|brief|concise|simple|under|shorter|to the point)\b/,
    example: "Keep your answers short.",
  },
  {
    pattern:
      /\b(?:use|no|fewer|less|more|without|stop using|don'?t use|do not use|never use) (?:emojis?|jargon|bullet points|headings|exclamation marks|tables|em dashes)\b/,
    example: "No emojis, please.",
  },
  {
    pattern:
      /\b(?:british|american|us|uk|australian|canadian) (?:spelling|english)\b|\b(?:be|sound) (?:a (?:bit|little) )?(?:more |less )?(?:formal|casual|friendly|warm|playful|professional|serious|polite|concise|brief|direct|terse|chatty)\b/,
    example: "Be more casual with me.",
  },
  {
    pattern:
      /\bkeep (?:it|things|everything) (?:casual|formal|short|brief|simple|light|professional|friendly|low-key|chill)\b|\b(?:no|without|drop the|less) (?:corporate|formal|robotic|stiff|salesy) (?:tone|speak|language|voice)\b/,
    example: "Keep it casual when we chat, no corporate tone.",
  },
  {
    pattern:
      /\b(?:skip|no|drop|stop) (?:the )?(?:preamble|intros?|introductions|summary at the end|disclaimers|caveats|apologies|apologizing|small talk)\b|\bget (?:straight )?to the point\b/,
    example: "Skip the preamble and get to the point.",
  },
  {
    pattern: /(?:用|以)(?:中文|英文|英语|简体|繁体|日语|粤语)(?:回答|回复|交流|写|说|跟我说)/,
    example: "以后用中文回答我",
  },
  {
    pattern:
      /(?:回答|回复|说话|解释)(?:要|尽量|请|都)?(?:简短|简洁|精炼|短一点|直接一点|正式一点|随意一点|口语化)/,
    example: "回答简洁一点",
  },
  {
    pattern: /(?:说话|回答|回复|语气)(?:别|不要|不用)(?:那么|太|这么)?(?:客气|啰嗦|正式|生硬|官方)/,
    example: "说话别那么客气",
  },
  { pattern: /(?:不要|别|少)(?:用|说)?(?:表情符号|表情|emoji|客套话|开场白|废话)/, example: "别用表情符号" },
  {
    pattern:
      /\b(?:just|only) (?:give|show|tell|send) me (?:the )?(?:command|commands|code|snippet|answer|one-liner|diff)\b|\b(?:the )?(?:command|code) only\b/,
    example: "too long. just give me the command, I'll ask if I want the why",
  },
  {
    pattern:
      /\b(?:put|show|give|lay out|format|present)\b[^.?!]{0,40}\b(?:in|as|into) (?:a )?(?:table|tables|bullet points|bullets|a list|plain text|one line|a code block)\b/,
    example: "can you put comparisons like this in a table? runs as rows, metrics as columns",
  },
  {
    pattern:
      /(?:直接|只)(?:给|告诉)我(?:命令|代码|结论|答案)|(?:用|做成|整理成)(?:表格|列表)(?:的形式)?(?:给我|展示|列出来|对比)/,
    example: "直接给我命令就行，原理我想知道会再问",
  },
]);

/** A wish about the form of an answer: "just give me the command", "put this in a table", 用表格. */
export function wishesAnswerForm(text: string): boolean {
  return RESPONSE_STYLE_CUES.test(maskText(text));
}
