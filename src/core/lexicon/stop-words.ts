/**
 * Stop words: English function words and Chinese function characters that carry no topic on
 * their own ("the", "please", "make", 的, 了, 把). The tokenizer drops them before texts are
 * compared or searched. Each group has an example of the words it holds. Pure.
 */

/** A group of stop words. */
export interface StopWordGroup {
  words: string;
  example: string;
}

/** English function words, by kind. "never" is content: it stays. */
export const ENGLISH_STOP_WORDS: readonly StopWordGroup[] = [
  { words: "a an the this that these those there here", example: "the tests in this file" },
  { words: "and or nor but if then so than as because", example: "build it and then ship it" },
  {
    words: "to of in on at by for from with without into onto about via over up out",
    example: "add zod to the web package",
  },
  { words: "is are was were be been being am it its it's that's", example: "it is what it is" },
  { words: "i me my we our us you your he she they them their i'm i'd", example: "can you fix my test" },
  {
    words: "do does did done have has had can could would should will shall may might must",
    example: "could you do that",
  },
  { words: "what which who how why when where", example: "what is it" },
  {
    words: "please pls let lets let's just also now again still very really too some any all each every same",
    example: "please just do it again",
  },
  { words: "make use using want need get got try like sure new", example: "make sure to use it" },
  { words: "yes ok okay hey hi thanks thank", example: "ok thanks" },
  { words: "no not don't can't", example: "no, don't" },
];

const ENGLISH: ReadonlySet<string> = new Set(ENGLISH_STOP_WORDS.flatMap((group) => group.words.split(" ")));

/** True for an English function word ("the", "please", "make"). */
export function isStopWord(word: string): boolean {
  return ENGLISH.has(word);
}

/** Chinese function characters ("帮我把X" and "我要的是X" compare on X). 不 and 别 are content. */
export const CJK_FUNCTION_CHARACTERS: ReadonlySet<string> = new Set(
  Array.from("的了吗呢吧啊呀和与及在把被给让用请帮我你他她它们这那个么是有要就都也还再又一下"),
);
