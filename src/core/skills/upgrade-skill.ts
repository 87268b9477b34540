/**
 * Skills change in place: a planned candidate is matched with the stored skill it continues, and
 * the skill is upgraded — refined, extended or fixed — keeping its id and name and bumping its
 * version. Also the support check that sends a skill back to draft. Pure.
 */
import type { SkillCandidate } from "./plan-skills.js";
import {
  cleanContent,
  MAX_SKILL_ITEMS,
  MIN_SUPPORT_TASKS,
  type Skill,
  type SkillContent,
  skillScopeKey,
} from "./skill.js";
import { nearlySame, topicSimilarity } from "./topic.js";

/** Kinds of upgrade: `fix` (a pitfall or a failed step added or removed) > `extend` (new steps or when-to-use) > `refine` (wording, order). */
export type SkillChange = "refine" | "extend" | "fix" | "none";

/** What {@link upgradeSkill} did. With `none`, `skill` is the existing skill, unchanged. */
export interface SkillUpgrade {
  skill: Skill;
  change: SkillChange;
  reason: string;
}

/**
 * Pairs candidates with the stored skills they continue, within the same scope: most shared
 * source tasks and lessons first, then the same name, then title similarity ≥ 0.5. Each stored
 * skill continues at most one candidate. Archived skills are matched too, so that a candidate
 * for an archived skill is recognised (and not made again).
 */
export function matchSkills(
  candidates: readonly SkillCandidate[],
  skills: readonly Skill[],
): Array<{ candidate: SkillCandidate; skill: Skill | null }> {
  const scored: Array<{ candidate: number; skill: number; score: number }> = [];
  candidates.forEach((candidate, candidateIndex) => {
    const sources = new Set([...candidate.sourceTaskIds, ...candidate.sourceLessonIds]);
    skills.forEach((skill, skillIndex) => {
      if (skillScopeKey(skill) !== skillScopeKey(candidate)) return;
      const shared = [...skill.sourceTaskIds, ...skill.sourceLessonIds].filter((id) =>
        sources.has(id),
      ).length;
      const score =
        shared > 0
          ? 2 + shared
          : skill.name === candidate.name
            ? 1.5
            : topicSimilarity(skill.title, candidate.title) >= 0.5
              ? topicSimilarity(skill.title, candidate.title)
              : 0;
      if (score > 0) scored.push({ candidate: candidateIndex, skill: skillIndex, score });
    });
  });
  scored.sort((first, second) => second.score - first.score || first.candidate - second.candidate);
  const matched = new Map<number, number>();
  const taken = new Set<number>();
  for (const pair of scored) {
    if (matched.has(pair.candidate) || taken.has(pair.skill)) continue;
    matched.set(pair.candidate, pair.skill);
    taken.add(pair.skill);
  }
  return candidates.map((candidate, index) => {
    const skillIndex = matched.get(index);
    return { candidate, skill: skillIndex === undefined ? null : (skills[skillIndex] as Skill) };
  });
}

/**
 * Upgrades a skill with a newer candidate, in place (same id, name, scope and status):
 * - steps: the candidate's, then the skill's steps the candidate lacks — except steps that match
 *   an approach now known to fail (`failedApproaches`) and that the candidate no longer uses;
 * - when-to-use: the candidate's, then the skill's others;
 * - pitfalls: the candidate's, then the skill's others — except a pitfall the candidate now uses
 *   as a step (it has since worked);
 * - title and description: the candidate's; sources: the union.
 *
 * The change is `fix` when pitfalls were added or removed or a failing step was dropped, else
 * `extend` when steps or when-to-use entries were added, else `refine` when anything else in the
 * content changed (wording, order), else `none`: then the skill is returned as it was (sources
 * are not merged without a content change). Any change bumps the version and stamps `updatedAt`.
 */
export function upgradeSkill(existing: Skill, candidate: SkillCandidate, now: number): SkillUpgrade {
  const known = (items: readonly string[], item: string) => items.some((other) => nearlySame(other, item));
  const failing = (step: string) =>
    candidate.failedApproaches.some((approach) => nearlySame(approach, step, 0.7));
  const droppedSteps = existing.steps.filter((step) => !known(candidate.steps, step) && failing(step));
  const keptSteps = existing.steps.filter((step) => !known(candidate.steps, step) && !failing(step));
  const droppedPitfalls = existing.pitfalls.filter(
    (pitfall) => !known(candidate.pitfalls, pitfall) && known(candidate.steps, pitfall),
  );
  const content = cleanContent({
    title: candidate.title,
    description: candidate.description,
    steps: [...candidate.steps, ...keptSteps].slice(0, MAX_SKILL_ITEMS.steps),
    whenToUse: [
      ...candidate.whenToUse,
      ...existing.whenToUse.filter((item) => !known(candidate.whenToUse, item)),
    ].slice(0, MAX_SKILL_ITEMS.whenToUse),
    pitfalls: [
      ...candidate.pitfalls,
      ...existing.pitfalls.filter(
        (item) => !known(candidate.pitfalls, item) && !droppedPitfalls.includes(item),
      ),
    ].slice(0, MAX_SKILL_ITEMS.pitfalls),
  });
  const added = (after: readonly string[], before: readonly string[]) =>
    after.filter((item) => !known(before, item));
  const newPitfalls = added(content.pitfalls, existing.pitfalls);
  const lostPitfalls = added(existing.pitfalls, content.pitfalls);
  const newSteps = added(content.steps, existing.steps);
  const newWhen = added(content.whenToUse, existing.whenToUse);
  const reasons: string[] = [];
  const count = (items: readonly string[], what: string, verb: string) => {
    if (items.length > 0) reasons.push(`${items.length} ${what}${items.length === 1 ? "" : "s"} ${verb}`);
  };
  count(newPitfalls, "pitfall", "added");
  count(lostPitfalls, "pitfall", "removed (it has since worked)");
  count(droppedSteps, "failing step", "removed");
  const fixed = reasons.length > 0;
  count(newSteps, "step", "added");
  count(newWhen, "when-to-use entry", "added");
  const extended = !fixed && reasons.length > 0;
  const changed = !contentEqual(content, existing);
  if (!changed) return { skill: existing, change: "none", reason: "no change in content" };
  const change: SkillChange = fixed ? "fix" : extended ? "extend" : "refine";
  if (change === "refine") reasons.push(refineReason(existing, content));
  const skill: Skill = {
    ...existing,
    ...content,
    sourceLessonIds: union(existing.sourceLessonIds, candidate.sourceLessonIds),
    sourceTaskIds: union(existing.sourceTaskIds, candidate.sourceTaskIds),
    version: existing.version + 1,
    updatedAt: now,
  };
  return { skill, change, reason: `${reasons.join("; ")} (version ${skill.version})` };
}

function refineReason(before: SkillContent, after: SkillContent): string {
  const parts: string[] = [];
  if (before.title !== after.title) parts.push("title reworded");
  if (before.description !== after.description) parts.push("description reworded");
  if (!sameList(before.steps, after.steps)) parts.push("steps reworded or reordered");
  if (!sameList(before.whenToUse, after.whenToUse)) parts.push("when-to-use reworded or reordered");
  if (!sameList(before.pitfalls, after.pitfalls)) parts.push("pitfalls reworded or reordered");
  return parts.join(", ");
}

/**
 * Whether a skill keeps its support: true unless some of its source tasks are now known to have
 * failed and fewer than `minTasks` others remain. `taskSucceeded` answers true (succeeded), false
 * (re-learnt as failed, abandoned or open) or undefined (unknown, e.g. pruned): only a known
 * failure counts against a skill, because forgetting old sessions is not evidence against it.
 */
export function hasSkillSupport(
  skill: Pick<Skill, "sourceTaskIds">,
  taskSucceeded: (taskId: string) => boolean | undefined,
  minTasks = MIN_SUPPORT_TASKS,
): boolean {
  const failed = skill.sourceTaskIds.filter((id) => taskSucceeded(id) === false).length;
  return failed === 0 || skill.sourceTaskIds.length - failed >= minTasks;
}

function contentEqual(first: SkillContent, second: SkillContent): boolean {
  return (
    first.title === second.title &&
    first.description === second.description &&
    sameList(first.steps, second.steps) &&
    sameList(first.whenToUse, second.whenToUse) &&
    sameList(first.pitfalls, second.pitfalls)
  );
}

function sameList(first: readonly string[], second: readonly string[]): boolean {
  return first.length === second.length && first.every((item, index) => item === second[index]);
}

function union(first: readonly string[], second: readonly string[]): string[] {
  return [...new Set([...first, ...second])].sort();
}
