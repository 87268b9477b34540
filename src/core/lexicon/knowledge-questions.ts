/**
 * Questions about the world, not about this project: "what's the difference between terraform taint
 * and plan -replace?", "can you explain what git rebase --onto does?", "Redis 的 RDB 和 AOF 有什么区别？",
 * "write me a haiku about autumn". A project's lessons and conventions do not serve them, whatever
 * tool they name; only a rule about how to answer does (docs/recall.md, "Knowledge questions").
 *
 * Two lexicons. `KNOWLEDGE_QUESTIONS` are the forms that ask about a concept (a difference, how a
 * thing works, when to use it, an explanation, an interview question) or ask for writing that is
 * no project's work. `WORLD_QUESTION_OPENERS` open a question that is as often about the project
 * as about the world ("what's the staging host?", "why does the build fail?"): they only lower a
 * lesson's relevance a little. A question that names the project ("here", "our", 这个项目) is
 * about it either way (`PROJECT_REFERENCES`).
 */
import { defineLexicon } from "./define-lexicon.js";

/** Forms that ask about a concept, or for writing that is no project's work. */
export const KNOWLEDGE_QUESTIONS = defineLexicon("knowledge-questions", [
  {
    pattern:
      /\b(?:the )?differences? between\b|\bwhat(?:'?s| is| are) the differences?\b|\bhow (?:is|are|does|do) \S+(?: \S+){0,4} differ\b/,
    example: "in Go, is there any real difference between a nil slice and an empty slice?",
  },
  {
    pattern:
      /^\s*(?:(?:can|could|would) you (?:please )?)?(?:explain|describe|tell me about|walk me through)\b(?! (?:why|what (?:happened|went wrong)|the (?:error|failure|diff|change)s?)\b)/,
    example: "can you explain what git rebase --onto actually does?",
  },
  { pattern: /^\s*define\b(?! how\b)/, example: "define idempotence" },
  {
    pattern:
      /\bwhen (?:should|would|do|does|to) (?:i |you |one )?(?:use|reach for|pick|choose|prefer|go (?:with|for))\b/,
    example: "when should I reach for an actor instead of a class in Swift?",
  },
  {
    pattern:
      /\bhow (?:does|do) (?:an? |the )?\S+(?: \S+){0,3} (?:work|works) under the hood\b|\bunder the hood\b/,
    example: "how do goroutines work under the hood?",
  },
  {
    pattern: /\b(?:for|in) (?:an?|my|the) (?:job |coding )?interviews?\b/,
    example: "what's a good answer for a coding interview question on LRU caches?",
  },
  {
    pattern:
      /^\s*(?:(?:write|draft|compose)(?: me)? (?:a|an)(?: (?!(?:that|which|who|whose|to|for|with|from|of|in|on|and|so)\b)[\w-]+){0,3}? (?:poem|haiku|story|limerick|e-?mail|letter|song|note|thank-you note|thank you note|message|toast|speech|tweet|card|greeting|bio|cover letter|announcement|blog post|linkedin post|post)|summari[sz]e this|translate(?!\s+(?:the|our|all|every|each)\s+(?!following\b|(?:text|sentence|paragraph|word|phrase|quote|email|letter)s?\b)))\b/,
    example: "write me a short poem about autumn",
  },
  {
    pattern: /区别|有什么不同|有啥不同|(?:的|是)原理|底层(?:是|怎么|原理|实现)|是怎么实现的/,
    example: "Redis 的 RDB 和 AOF 持久化有什么区别？",
  },
  {
    pattern: /^\s*(?:解释一?下?|什么是|介绍一下)|(?:讲一下|讲讲|科普一?下)(?:[，,。.!！?？\s]|$)|面试/,
    example: "docker 镜像的分层是怎么实现的？讲讲 overlayfs",
  },
  {
    pattern: /^\s*帮我写一(?:首|封|篇)|(?:给|替)[^，,。.？?！!\s]{1,12}写一(?:封|首)|(?:是什么)[?？]?\s*$/,
    example: "帮我写一首关于秋天的诗",
  },
]);

/** Openers of a question as often about the project as about the world: a weak sign. */
export const WORLD_QUESTION_OPENERS = defineLexicon("world-question-openers", [
  { pattern: /^\s*what(?:'?s| is| are| does)\b/, example: "what is a monad?" },
  { pattern: /^\s*(?:why (?:is|are|do|does)|how does|describe|explain)\b/, example: "why is the sky blue?" },
  { pattern: /^\s*为什么/, example: "为什么 TCP 要三次握手？" },
]);

/**
 * Words that put a question in this project: "here", "our", "this repo", 这个项目, "the PR", 那个接口.
 * "What's the difference between our staging and prod configs?" is about the project.
 */
export const PROJECT_REFERENCES = defineLexicon("project-references", [
  {
    pattern: /\b(?:here|our|ours|we|us|this (?:repo|project|codebase|app|service))\b/,
    example: "how do we run the tests here?",
  },
  {
    pattern: /\b(?:the|that|this|my|your) (?:PR|MR|pull request|branch)\b/,
    example: "what's the difference between my branch and main?",
  },
  {
    pattern: /这个项目|项目里|我们|这边|(?:那个|这个)\s*(?:PR|MR|分支|接口|服务|页面|模块|需求)/,
    example: "这个服务和那个服务有什么区别？",
  },
]);

/** True for a question about a concept or a request for writing that names no part of the project. */
export function asksAboutTheWorld(text: string): boolean {
  return KNOWLEDGE_QUESTIONS.test(text) && !PROJECT_REFERENCES.test(text);
}

/** True for a knowledge question or an opener that is one as often as not (see the lexicons above). */
export function opensLikeKnowledgeQuestion(text: string): boolean {
  return KNOWLEDGE_QUESTIONS.test(text) || WORLD_QUESTION_OPENERS.test(text);
}
