/**
 * The `learning` and `skills` sections: how captured sessions become lessons and skills. The
 * defaults are written out rather than imported: the modules that hold them load the learning
 * rules, which a hook that only reads its settings must not pay for (schema.test.ts pins them to
 * the services' defaults).
 */
import { MIN_SUPPORT_TASKS } from "../../core/skills/skill.js";
import { choice, count, positive, ratio, section } from "../setting.js";

export const learningSettingsSchema = section({
  mode: choice(
    ["minimal", "balanced", "full"],
    "balanced",
    "Model calls per task when a model is configured: `minimal` none (offline rules only), `balanced` at most 1, `full` at most 2. `tacit learn --mode` wins.",
  ),
  idleGapMs: count(30 * 60_000, "Silence (ms) in a session that starts a new task."),
  instincts: choice(
    ["offline", "model", "off"],
    "offline",
    "Instincts from a session's last 30 observations: `offline` (heuristic rules), `model` (one extra model call per session, offline fallback) or `off`. `tacit learn --instincts` wins.",
    { env: "TACIT_LEARN_INSTINCTS" },
  ),
});

export const skillsSettingsSchema = section({
  minSupportTasks: positive(
    MIN_SUPPORT_TASKS,
    "Distinct successful tasks a skill needs; below it no skill is made, and a skill whose tasks later failed goes back to draft.",
  ),
  groupThreshold: ratio(
    0.5,
    "Mean goal similarity to a group's tasks that lets a task join the group (one group, one skill).",
  ),
});
