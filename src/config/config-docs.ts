/**
 * docs/config.md, generated from the schema (`npm run docs:config`); config-docs.test.ts fails when
 * the file is out of date. Pure: the same schema always gives the same text.
 */
import { settingKeys } from "./keys.js";
import { CONFIG_SECTIONS, type SectionName } from "./schema.js";

const INTRO = `# Configuration

<!-- Generated from src/config/schema.ts by \`npm run docs:config\`. Do not edit by hand. -->

Every setting of tacit has a key, a type, a default and an environment variable. Where a value comes
from, lowest to highest:

1. the default (below);
2. the user file, \`$TACIT_HOME/config.json\` (\`~/.tacit/config.json\`);
3. the project file, \`<project>/.tacit/config.json\`, where the project is the git root of the working
   directory (else the directory itself). It may set only the sections marked "project file: yes" —
   never model endpoints, API keys, the daemon or retention, so a cloned repository cannot send your
   sessions elsewhere or spend your quota. A list (\`capture.redact.patterns\`) is joined with the
   user's, not replaced;
4. the environment variable.

Both files are JSON objects of sections, e.g. \`{"recall": {"budget": {"maxLessons": 2}}}\`. An
unknown key, a value of the wrong type and malformed JSON are errors that name \`file:line\` and the
key (with the closest key when it looks misspelt); a bad variable is named too. Commands refuse to
run on an invalid configuration. The hooks never break the agent: they log the error to
\`$TACIT_HOME/logs/\` (\`tacit doctor\` shows it) and use the defaults for that event.

\`\`\`sh
tacit config list [--json] [--project DIR]      # every setting, its value and its source (default/user/project/env)
tacit config get recall.budget.maxLessons       # --json adds source, default, type and description
tacit config set recall.budget.maxLessons 2     # validated; written atomically, mode 0600
tacit config set recall.minRelevance.lesson 0.5 --project   # this project's .tacit/config.json
tacit config set llm.apiKey - < key.txt          # "-" reads the value from stdin (API keys)
tacit config unset recall.budget.maxLessons     # back to the next source
\`\`\`

Values on the command line and in variables: numbers, \`true\`/\`false\` (also \`1\`/\`0\`, \`yes\`/\`no\`,
\`on\`/\`off\`), words, and for lists a JSON array (\`'["token", "sk_live_[a-z0-9]+"]'\`; any other text
is a list of that one item). Secrets are shown as \`[set]\`.

\`tacit doctor\` shows which model and embedder are active and why. The defaults are the values tacit
was tuned with (the eval suites, docs/eval.md); changing recall or lesson thresholds changes what is
learnt and recalled.
`;

/** The whole of docs/config.md. */
export function renderConfigDocs(): string {
  const parts = [INTRO];
  for (const [name, section] of Object.entries(CONFIG_SECTIONS) as Array<
    [SectionName, (typeof CONFIG_SECTIONS)[SectionName]]
  >) {
    parts.push(`## \`${name}\`\n\n${section.description} Project file: ${section.project ? "yes" : "no"}.\n`);
    const rows = settingKeys()
      .filter((setting) => setting.section === name)
      .map((setting) => {
        const key = setting.key;
        const notes = [
          setting.secret ? "Secret: user file or variable only." : "",
          setting.envInverted ? `\`${setting.env}=1\` sets it to false.` : "",
        ].filter(Boolean);
        return `| \`${key}\` | ${cell(defaultText(setting.defaultValue))} | ${cell(setting.type)} | \`${setting.env}\` | ${cell([setting.description, ...notes].join(" "))} |`;
      });
    parts.push(
      ["| setting | default | type | variable | what it does |", "|---|---|---|---|---|", ...rows].join("\n"),
    );
    parts.push("");
  }
  return `${parts.join("\n").trimEnd()}\n`;
}

function defaultText(value: unknown): string {
  if (value === undefined) return "—";
  return `\`${JSON.stringify(value)}\``;
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}
