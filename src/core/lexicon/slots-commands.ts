/**
 * The command a kind of work is run with: "tests run with `uv run pytest -q`", "make test is how we
 * run tests", "use `pnpm lint` to lint". A project has one command for each, so a newer one
 * supersedes the older ("make test is how we run tests" after "run the tests with `uv run pytest
 * -q`"). The runner or tool itself (pytest, eslint) is another slot: a command does not replace it.
 * Part of the slot lexicon (slots.ts). Pure.
 */
import { type SlotEntry, valued } from "./slot-entry.js";

/** A command: backticked, or opened by a launcher and running to the end of its clause (capture group). */
const COMMAND = String.raw`(?:\x60([^\x60\n]{2,120})\x60|((?:make|just|task|npm run|npm|pnpm|yarn|bun|npx|uv run|poetry run|pipenv run|hatch run|tox|nox|cargo|go|dotnet|mvn|\./mvnw|gradle|\./gradlew|bazel|bundle exec|rake|mix|deno task|composer|php artisan|python -m|python3 -m)\s+[\w:./=@-]+(?:\s+-{1,2}[\w=./-]+)*))`;

/** The kinds of work with a command of their own: slot, work and the words that name the work. */
const COMMANDED: ReadonlyArray<{
  slot: string;
  work: string;
  words: string;
  /** The word for the work inside a command that runs it ("make test", "pnpm lint"). */
  inCommand: string;
  examples: readonly string[];
}> = [
  {
    slot: "test-command",
    work: "tests",
    words: String.raw`(?:the\s+|our\s+|all\s+(?:the\s+)?)?(?:unit\s+|integration\s+)?(?:tests?|test suite|specs)`,
    inCommand: "test|tests|spec|specs",
    examples: [
      "tests run with `uv run pytest -q`",
      "make test is how we run tests now",
      "always run the tests with `go test -race ./...`",
      "just use make test, it starts the database first",
    ],
  },
  {
    slot: "lint-command",
    work: "lint",
    words: String.raw`(?:the\s+)?(?:lint(?:ing|er)?|linters)`,
    inCommand: "lint",
    examples: [
      "linting is `pnpm lint:all` now",
      "`make lint` is how we lint",
      "always run lint with `make lint`",
      "use pnpm lint, the global eslint is another version",
    ],
  },
  {
    slot: "build-command",
    work: "build",
    words: String.raw`(?:the\s+)?(?:build|builds)`,
    inCommand: "build|dist",
    examples: [
      "the build is `make dist` now",
      "just build is how we do builds",
      "run the build with `nx build web`",
      "just use make build, it runs codegen first",
    ],
  },
  {
    // The one check a commit has to pass ("the pre-commit check is `cargo clippy -- -D warnings`");
    // not each step run before a commit ("always run `make lint` before committing"), which are several.
    slot: "pre-commit-command",
    work: "commit",
    words: String.raw`(?:the\s+)?pre-?commit\s+(?:check|checks|hook|hooks|gate)`,
    inCommand: "check|pre-commit|precommit",
    examples: [
      "from now on the pre-commit check is `cargo clippy --all-targets -- -D warnings`",
      "`make check` is how we run the pre-commit checks",
      "always run the pre-commit checks with `pre-commit run -a`",
      "just use make check, it runs fmt and clippy first",
    ],
  },
];

/** A command to use whose own words name its work ("just use make deploy ENV=dev"): capture group as `COMMAND`. */
const usedCommand = (inCommand: string) =>
  String.raw`\b(?:just\s+|always\s+|please\s+)?use\s+(?=\x60?[\w./-]+(?:\s+(?:run|exec|task))?\s+[\w:./-]*?(?:${inCommand})\b)${COMMAND}`;

/** The slots of a command that runs a kind of work (not a deploy's: see deploy-command in slots.ts). */
export const COMMAND_SLOT_IDS: ReadonlySet<string> = new Set(COMMANDED.map((commanded) => commanded.slot));

/** The command slots: each kind of work said with its command, the command said with the work, or the work run with it. */
export const COMMAND_SLOTS: readonly SlotEntry[] = [
  ...COMMANDED.flatMap(({ slot, work, words, inCommand, examples }) => [
    valued(
      slot,
      [work],
      new RegExp(
        String.raw`\b${words}\b[^.;\x60\n]{0,20}?(?:[:：]|\b(?:is|are)\b|\b(?:run|runs|go|goes|done|happen)\s+(?:with|through|via|using)\b)\s*(?:now\s+|just\s+|always\s+)?${COMMAND}`,
      ),
      examples[0] as string,
      1,
    ),
    valued(
      slot,
      [work],
      new RegExp(
        String.raw`${COMMAND}\s+is\s+(?:how|what)\s+(?:we|you)\s+(?:(?:run|do|kick off|trigger|use for)\s+)?${words}\b`,
      ),
      examples[1] as string,
      1,
    ),
    valued(
      slot,
      [work],
      new RegExp(
        String.raw`\b(?:run|running|do|doing)\s+${words}\s+(?:with|via|using|through)\s+${COMMAND}|\buse\s+${COMMAND}\s+(?:to|for)\s+(?:run(?:ning)?\s+)?${words}\b`,
      ),
      examples[2] as string,
      1,
    ),
    valued(slot, [work], new RegExp(usedCommand(inCommand)), examples[3] as string, 1),
  ]),
  // The command a deploy goes out with, said as the one to use (see deploy-command in slots.ts).
  valued(
    "deploy-command",
    ["deploy"],
    new RegExp(usedCommand("deploy|release|ship")),
    "just use make deploy ENV=dev, it sets the kube context for you",
    1,
  ),
];
