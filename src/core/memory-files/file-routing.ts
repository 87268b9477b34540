/**
 * Facts routed to the wrong file. Each file has a lexicon of unmistakable wordings of what belongs
 * in it: the user's stable preferences in USER.md, the agent's own name or persona in IDENTITY.md,
 * machine-local paths and aliases in TOOLS.md, principles for the agent's behaviour in SOUL.md.
 * A fact sent to one file that reads as another file's, and not as its own, is refused with the
 * file it belongs in. MEMORY.md has no lexicon: durable shared facts are what is left.
 */
import type { LexiconEntry } from "../lexicon/define-lexicon.js";
import { findEntry } from "./lexicon-match.js";
import type { MemoryFileName } from "./memory-file-layouts.js";

/** A wording that marks a fact as one file's, with what to call it in a reason. */
export interface RoutingEntry extends LexiconEntry {
  readonly reads: string;
}

/** Each file's unmistakable wordings. */
export const FILE_CUES: Readonly<Record<MemoryFileName, readonly RoutingEntry[]>> = {
  "USER.md": [
    {
      reads: "a preference of the user",
      pattern:
        /^(?:(?:the )?user|he|she|they) (?:prefers?|likes?|loves?|dislikes?|hates?|would rather|can't stand)\b/,
      example: "The user prefers morning check-ins.",
    },
    {
      reads: "a fact about the user",
      pattern: /^(?:the )?user'?s (?:name|time ?zone|pronouns|birthday|native language|home town)\b/,
      example: "The user's time zone is UTC+8.",
    },
    {
      reads: "用户的偏好",
      pattern: /^用户(?:更)?(?:喜欢|偏好|讨厌|不喜欢|习惯)/,
      example: "用户喜欢早上沟通进度",
    },
  ],
  "IDENTITY.md": [
    {
      reads: "the agent's own identity",
      pattern:
        /\b(?:your (?:name|role|persona|avatar|vibe) is|you are (?:called|named)|(?:the )?(?:agent|assistant)'?s (?:name|role|persona|avatar|vibe))\b/,
      example: "Your name is Aria.",
    },
    {
      reads: "助手自己的身份",
      pattern: /你的(?:名字|角色|头像|风格)|你叫|助手的(?:名字|角色|头像|风格)/,
      example: "你的名字是小安",
    },
  ],
  "TOOLS.md": [
    {
      reads: "a machine-local tool fact",
      pattern:
        /\balias(?:ed)?\b|\binstalled (?:at|in|under|via)\b|\bon this machine\b|(?:^|\s)(?:~\/|\/usr\/|\/opt\/|\/home\/|[a-z]:\\)\S+|\bin (?:my|the) \$?path\b/,
      example: "ripgrep is installed at /opt/homebrew/bin/rg.",
    },
    { reads: "本机的工具信息", pattern: /别名|本机|安装在|装在/, example: "本机的 rg 安装在 /usr/local/bin" },
  ],
  "SOUL.md": [
    {
      reads: "a principle for the agent's behaviour",
      pattern:
        /^(?:(?:you|the agent|the assistant) (?:should|must) )?(?:always|never) (?:be|admit|ask|explain|say|tell|pretend|apologi[sz]e|flatter|guess)\b|^be (?:honest|candid|direct|kind|curious|humble)\b/,
      example: "Always admit when you do not know.",
    },
    {
      reads: "助手的行为原则",
      pattern:
        /^(?:你|助手)?(?:要|应该)?(?:始终|永远|一定要)(?:诚实|坦诚|承认)|^(?:永远)?不要(?:撒谎|假装|奉承)/,
      example: "永远不要假装知道答案",
    },
  ],
  "MEMORY.md": [],
};

/** The file a fact reads as, when it is not `file`: the other file, and what it reads as. */
export function wrongFile(
  file: MemoryFileName,
  fact: string,
): { belongsIn: MemoryFileName; reads: string } | null {
  if (findEntry(FILE_CUES[file], fact)) return null;
  for (const [other, entries] of Object.entries(FILE_CUES) as Array<
    [MemoryFileName, readonly RoutingEntry[]]
  >) {
    if (other === file) continue;
    const found = findEntry(entries, fact);
    if (found) return { belongsIn: other, reads: found.entry.reads };
  }
  return null;
}
