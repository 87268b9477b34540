/** The `learning` and `skills` sections: how captured sessions become lessons and skills. */
import { DEFAULT_EXPERIENCE_MODE, EXPERIENCE_MODES } from "../../core/learning/prompts.js";
import { DEFAULT_IDLE_GAP_MS } from "../../core/learning/segment-tasks.js";
import { DEFAULT_SKILL_PLAN_CONFIG } from "../../core/skills/plan-skills.js";
import { choice, count, positive, ratio, section } from "../setting.js";

export const learningSettingsSchema = section({
  mode: choice(
    EXPERIENCE_MODES as readonly ["minimal", "balanced", "full"],
    DEFAULT_EXPERIENCE_MODE,
    "Model calls per task when a model is configured: `minimal` none (offline rules only), `balanced` at most 1, `full` at most 2. `tacit learn --mode` wins.",
  ),
  idleGapMs: count(DEFAULT_IDLE_GAP_MS, "Silence (ms) in a session that starts a new task."),
  instincts: choice(
    ["offline", "model", "off"],
    "offline",
    "Instincts from a session's last 30 observations: `offline` (heuristic rules), `model` (one extra model call per session, offline fallback) or `off`. `tacit learn --instincts` wins.",
    { env: "TACIT_LEARN_INSTINCTS" },
  ),
});

export const skillsSettingsSchema = section({
  minSupportTasks: positive(
    DEFAULT_SKILL_PLAN_CONFIG.minSupportTasks,
    "Distinct successful tasks a skill needs; below it no skill is made, and a skill whose tasks later failed goes back to draft.",
  ),
  groupThreshold: ratio(
    DEFAULT_SKILL_PLAN_CONFIG.groupThreshold,
    "Mean goal similarity to a group's tasks that lets a task join the group (one group, one skill).",
  ),
});
