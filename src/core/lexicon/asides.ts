/**
 * Asides: words in round brackets, (…) or （…）. An aside of its own clause says something beside
 * the sentence ("new log lines go through zap (the sugared logger is fine for now)"): what it says
 * does not qualify the rule around it. Pure.
 */

const ASIDE = /\(([^()]*)\)|（([^（）]*)）/g;

/**
 * `text` without its asides, or only without those of at least `minWords` words: a short one still
 * qualifies the sentence ("use yarn (this time)"), a long one is a statement of its own.
 */
export function withoutAsides(text: string, minWords = 0): string {
  return text.replace(ASIDE, (whole, latin?: string, chinese?: string) => {
    const said = (latin ?? chinese ?? "").trim();
    const words = chinese !== undefined ? said.length / 2 : said.split(/\s+/).length;
    return words >= minWords ? " " : whole;
  });
}
