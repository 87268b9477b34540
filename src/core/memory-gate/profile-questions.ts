/**
 * Questions the agent asks about the user, with the fact a short answer makes: "What should I call
 * you?" → "Sam" → "wants to be called Sam"; "你在哪个时区？" → "东八区" → "时区是东八区". The gate
 * looks at the agent's last message before the user's answer. Data: each entry has an example
 * question and the fact template (`{answer}` is the user's answer).
 */

/** One question the agent asks about the user. */
export interface ProfileQuestion {
  /** Matched on the lower-cased agent message. */
  readonly pattern: RegExp;
  readonly example: string;
  /** The fact, with `{answer}` in place of the user's answer. */
  readonly fact: string;
}

/** Questions about the user, each with the fact its answer makes. */
export const PROFILE_QUESTIONS: readonly ProfileQuestion[] = [
  {
    pattern:
      /\bwhat (?:should|shall|can|do you want me to) (?:i )?call you\b|\bwhat(?:'s| is) your (?:name|preferred name)\b|\bhow (?:should|do you want me to) (?:i )?address you\b/,
    example: "Nice to meet you! What should I call you?",
    fact: "wants to be called {answer}",
  },
  {
    pattern: /\bwhat(?:'s| is) your time ?zone\b|\bwhich time ?zone (?:are|do) you\b/,
    example: "Which time zone are you in?",
    fact: "time zone is {answer}",
  },
  {
    pattern: /\bwhere (?:are you based|do you live|are you located|are you from)\b/,
    example: "Where are you based?",
    fact: "is based in {answer}",
  },
  {
    pattern: /\bwhat (?:are your pronouns|pronouns do you use)\b/,
    example: "What pronouns do you use?",
    fact: "pronouns are {answer}",
  },
  {
    pattern: /怎么称呼(?:您|你)|你叫什么(?:名字)?|(?:您|你)贵姓/,
    example: "请问怎么称呼您？",
    fact: "希望被称为{answer}",
  },
  { pattern: /(?:你|您)在哪个时区|(?:你|您)的时区/, example: "你在哪个时区？", fact: "时区是{answer}" },
  { pattern: /(?:你|您)(?:住在|在)哪(?:里|儿|个城市)/, example: "你住在哪里？", fact: "住在{answer}" },
];

/** The question among {@link PROFILE_QUESTIONS} that `agentMessage` asks, if any. */
export function profileQuestionIn(agentMessage: string): ProfileQuestion | undefined {
  const lower = agentMessage.toLowerCase();
  return PROFILE_QUESTIONS.find((question) => question.pattern.test(lower));
}
