/** The `capture` and `retention` sections: what is kept of each session, and for how long. */
import * as z from "zod/mini";
import { DEFAULT_CAPTURE_CONFIG } from "../../capture/capture.js";
import { group, positive, section, setting } from "../setting.js";

/** A regular expression tacit can compile (case-insensitive, global), named when it cannot. */
export const regexPattern = z.string().check(
  z.superRefine((source, context) => {
    try {
      new RegExp(source, "gi");
    } catch (error) {
      context.addIssue({
        code: "custom",
        message: `${JSON.stringify(source)} is not a valid regular expression (${(error as Error).message})`,
      });
    }
  }),
);

export const captureSettingsSchema = section({
  maxContentChars: positive(
    DEFAULT_CAPTURE_CONFIG.maxContentChars,
    "Longest message text kept, in characters; longer text is cut with a visible marker and its size kept.",
  ),
  maxToolOutputChars: positive(DEFAULT_CAPTURE_CONFIG.maxToolOutputChars, "Longest tool output kept."),
  maxToolInputChars: positive(DEFAULT_CAPTURE_CONFIG.maxToolInputChars, "Longest tool input kept."),
  redact: group({
    patterns: setting(z._default(z.array(regexPattern), [...DEFAULT_CAPTURE_CONFIG.redaction.patterns]), {
      description:
        "Extra regular expressions to redact at capture and in recall prompts, besides the built-in secret kinds; a match (or its first group) becomes `[REDACTED:custom]`, and a bare key name such as `token` also redacts the value assigned to it. The user's and the project's lists are joined.",
      merge: "union",
    }),
  }),
});

export const retentionSettingsSchema = section({
  sessionDays: setting(z.optional(z.number().check(z.positive())), {
    description:
      "Days of inactivity after which `tacit prune` (without `--older-than`) deletes a session with everything it owns. Unset: `tacit prune` needs `--older-than`.",
  }),
});
