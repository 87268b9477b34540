/**
 * Words that tell of a switch from one thing to another of its kind: "we're switching to argh",
 * "switch to arktype instead", "moving to Koin", 换成 biome. Not an upgrade ("we upgraded to Rails
 * 8"): a new version of a thing is the same thing. Read by core/conventions/switched-values.ts.
 */
import { defineLexicon } from "./define-lexicon.js";

/** A switch to another thing. */
export const SWITCH_CUES = defineLexicon(
  "switch-cues",
  [
    {
      pattern:
        /\b(?:switch(?:ing|ed|es)?|mov(?:e|es|ing|ed)|migrat(?:e|es|ing|ed)|port(?:ing)?|go(?:ing)? (?:over )?)\s+(?:over\s+)?to\b/,
      example: "we're switching to argh",
    },
    {
      pattern: /\b(?:replac(?:e|ing|ed) (?:it|them|that) with|in favou?r of)\b/,
      example: "we're replacing it with koanf",
    },
    { pattern: /\binstead\b/, example: "switch to arktype instead" },
    { pattern: /换成|改用|切到|迁到|迁移到/u, example: "我们换成 biome 了" },
  ],
  "iu",
);
