/**
 * What a prompt or a lesson is about, as coarse activities (installing dependencies, running
 * tests, committing, deploying…), recognised from English and Chinese wording. The offline embedder
 * sees words, not meaning: "add lodash-es to the api package" and "use pnpm, not yarn" share no word
 * but the same activity. Recall uses a shared activity as evidence of relevance, and a general
 * knowledge question ("what's the difference between TCP and UDP?") as evidence against.
 */

import { asksFirst, kindsOfWork } from "../lexicon/kinds-of-work.js";
import { asksAboutTheWorld, opensLikeKnowledgeQuestion } from "../lexicon/knowledge-questions.js";

/**
 * Read from the lexicons, under the names recall uses: `isGeneralQuestion`, a knowledge question or a
 * writing request, or a question that opens like one ("what's …", "why does …"), whose lessons are a
 * little less relevant; `isKnowledgeQuestion`, a question about a concept that names no part of the
 * project ("what's the difference between terraform taint and plan -replace?"), which no project
 * lesson serves (core/lexicon/knowledge-questions.ts); `asksFirst` (kinds-of-work.ts).
 */
export {
  asksAboutTheWorld as isKnowledgeQuestion,
  asksFirst,
  opensLikeKnowledgeQuestion as isGeneralQuestion,
};

/**
 * A situation every task ends in: the agent answering. A lesson about how to answer ("don't write
 * a summary at the end", "reply in Chinese", "keep it short") applies to every prompt in its scope,
 * whatever the prompt is about — the offline form of a line in CLAUDE.md.
 */
const EVERY_ANSWER =
  /^(?:when\s+)?(?:(?:writing|giving|formatting|ending)\s+(?:an?\s+|the\s+)?(?:answers?|repl(?:y|ies)|responses?)\b|(?:answering|replying|responding)\b)|^(?:回答问题|回答|回复)/i;

/** A rule whose subject is everything done in the project: "everything lives in the torch2 env". */
const EVERY_THING =
  /\b(?:everything|every (?:command|script|job)|all (?:the )?(?:commands|scripts|code|jobs))\b/i;

/**
 * A rule said to hold for the whole project: "no pip in this repo, its poetry", "everything lives in
 * the torch2 conda env", "这个项目要用 node 16". Not a fact about one thing of it ("this repo's redis
 * listens on 6380").
 */
const PROJECT_WIDE = new RegExp(
  String.raw`${EVERY_THING.source}|\b(?:in this repo|for this repo|in this project)\b|项目里|这个项目|本项目`,
  "i",
);

/** True for a rule of the whole project (see PROJECT_WIDE). */
export function holdsProjectWide(rule: string): boolean {
  return PROJECT_WIDE.test(rule);
}

/**
 * True for a rule about everything done in the project ("everything lives in the torch2 env"),
 * not one said of one kind of thing there ("项目里请求统一走 ky": its HTTP calls).
 */
export function holdsForEverything(rule: string): boolean {
  return EVERY_THING.test(rule);
}

/** True when a lesson's trigger is a situation every answer is in (see EVERY_ANSWER). */
export function appliesToEveryAnswer(trigger: string): boolean {
  return EVERY_ANSWER.test(trigger.trim());
}

/** The activities a text is about: its kinds of work (see core/lexicon/kinds-of-work.ts). Remembered. */
export const activities: (text: string) => ReadonlySet<string> = kindsOfWork;

/** How many activities two texts share. */
export function sharedActivities(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const name of a) if (b.has(name)) shared++;
  return shared;
}
