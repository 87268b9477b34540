/**
 * Tool error texts that state their own remedy: the message a tool prints when it refuses a call
 * also says what to do first ("File has not been read yet. Read it first before writing to it.").
 * Such an error is evidence for a lesson even when nobody comments on it. Each entry is the
 * wording of a real tool, the lesson it supports, and the tool's message as its example. A typo's
 * correction ("did you mean `status`?") is no lesson, so suggestions that only fix a misspelling
 * are left to the rule that reads this lexicon (see learning/remedy-rule.ts). Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/** One self-remedying error: its wording, the tools that print it, and the lesson it states. */
export interface ToolRemedyEntry extends LexiconEntry {
  /** Names the lesson (stable across wordings of the same remedy). */
  readonly id: string;
  /** Tool names whose failures it reads (any tool when absent). */
  readonly tools?: RegExp;
  /** When the lesson applies, English and Chinese. */
  readonly trigger: { readonly en: string; readonly zh: string };
  /** What to do; `{1}`, `{2}` are the pattern's groups. */
  readonly rule: { readonly en: string; readonly zh: string };
  /** Group numbers whose values must differ by more than a typo for a lesson (a suggestion). */
  readonly notATypo?: readonly [number, number];
}

const CLAUDE_FILE_TOOLS = /^(?:edit|multiedit|write|notebookedit)$/i;

/** The remedies, one entry per tool message. */
export const TOOL_REMEDIES = defineLexicon<ToolRemedyEntry>("tool-remedies", [
  {
    id: "read-before-edit",
    // Claude Code's Edit/Write/MultiEdit refuse a file the session has not read.
    pattern: /File has not been read yet\. Read it first before writing to it/,
    example:
      "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>",
    tools: CLAUDE_FILE_TOOLS,
    trigger: {
      en: "Updating an existing file with the Edit or Write tool",
      zh: "用 Edit/Write 修改已有文件",
    },
    rule: {
      en: "Read a file before you edit it: Edit and Write refuse to change a file not read first",
      zh: "用 Edit/Write 修改文件前先用 Read 读取它：没读过的文件工具会拒绝修改",
    },
  },
  {
    id: "read-again-after-change",
    // Claude Code, when the file changed on disk after the agent read it.
    pattern: /File has been modified since read, either by the user or by a linter\. Read it again/,
    example:
      "File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.",
    tools: CLAUDE_FILE_TOOLS,
    trigger: { en: "Editing a file a linter or the user may have changed", zh: "修改可能已被改动过的文件" },
    rule: {
      en: "Read a file again before Write/Edit when a formatter, a linter or the user may have changed it",
      zh: "格式化工具、linter 或用户可能改过文件时，先重新 Read 再 Write/Edit",
    },
  },
  {
    id: "unique-edit-string",
    // Claude Code's Edit, when old_string occurs more than once.
    pattern: /Found \d+ matches of the string to replace, but replace_all is false/,
    example:
      "Found 3 matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.",
    tools: CLAUDE_FILE_TOOLS,
    trigger: {
      en: "Editing a string that occurs several times in a file",
      zh: "修改在文件中多次出现的字符串",
    },
    rule: {
      en: "Give Edit an old_string that occurs once (add surrounding lines), or set replace_all to change every occurrence",
      zh: "给 Edit 的 old_string 要在文件中唯一（带上前后几行），或设置 replace_all 替换全部",
    },
  },
  {
    id: "push-set-upstream",
    // git push on a branch with no upstream.
    pattern: /The current branch \S+ has no upstream branch/,
    example:
      "fatal: The current branch feature/login has no upstream branch.\nTo push the current branch and set the remote as upstream, use\n\n    git push --set-upstream origin feature/login",
    trigger: { en: "Pushing a new branch", zh: "推送新分支" },
    rule: {
      en: "Push a new branch with `git push --set-upstream origin <branch>` (`git push -u`)",
      zh: "推送新分支用 `git push --set-upstream origin <分支>`（`git push -u`）",
    },
  },
  {
    id: "stash-before-switch",
    // git checkout / switch / merge / pull with uncommitted changes in the way.
    pattern: /Please commit your changes or stash them before you (?:switch branches|merge)/,
    example:
      "error: Your local changes to the following files would be overwritten by checkout:\n\tsrc/app.ts\nPlease commit your changes or stash them before you switch branches.\nAborting",
    trigger: { en: "Switching branches or merging with local changes", zh: "有本地改动时切换分支或合并" },
    rule: {
      en: "Commit or stash local changes (`git stash`) before switching branches or merging",
      zh: "切换分支或合并前先提交或暂存本地改动（`git stash`）",
    },
  },
  {
    id: "python-virtual-environment",
    // pip on a system Python that is marked externally managed (PEP 668).
    pattern: /error: externally-managed-environment/,
    example:
      "error: externally-managed-environment\n\n× This environment is externally managed\n╰─> To install Python packages system-wide, try apt install\n    python3-xyz, where xyz is the package you are trying to\n    install.",
    trigger: { en: "Installing Python packages", zh: "安装 Python 包" },
    rule: {
      en: "Never pip install into the system Python (it is externally managed): use a virtual environment (uv, venv) or pipx",
      zh: "不要用 pip 装进系统 Python（它由系统管理）：用虚拟环境（uv、venv）或 pipx",
    },
  },
  {
    id: "prisma-generate",
    // Prisma's client, imported before it was generated.
    pattern: /@prisma\/client did not initialize yet\. Please run "prisma generate"/,
    example:
      'Error: @prisma/client did not initialize yet. Please run "prisma generate" and try to import it again.',
    trigger: { en: "Running code that uses the Prisma client", zh: "运行使用 Prisma 客户端的代码" },
    rule: {
      en: "Run `prisma generate` after installing dependencies or changing the schema, before running the app",
      zh: "安装依赖或修改 schema 后先运行 `prisma generate`，再运行应用",
    },
  },
  {
    id: "terraform-init",
    // Terraform, when the backend or modules changed since the last init.
    pattern: /please run "terraform init"|Module not installed[\s\S]*?terraform init/,
    example:
      'Error: Backend initialization required, please run "terraform init"\n\nReason: Initial configuration of the requested backend "s3"',
    trigger: { en: "Running terraform plan or apply", zh: "运行 terraform plan 或 apply" },
    rule: {
      en: "Run `terraform init` first when the backend, providers or modules changed",
      zh: "后端、provider 或模块变了时，先运行 `terraform init`",
    },
  },
  {
    id: "npm-script-name",
    // npm run with a script name the project does not have, and the name it does have.
    pattern:
      /Missing script: "([^"]+)"[\s\S]*?Did you mean (?:this|one of these)\?\s*(?:npm (?:ERR!|error)\s+)*npm run ([\w:.-]+)/,
    example:
      'npm ERR! Missing script: "test:unit"\nnpm ERR!\nnpm ERR! Did you mean this?\nnpm ERR!     npm run unit-test # run the unit tests',
    trigger: { en: "Running the {1} script", zh: "运行 {1} 脚本" },
    rule: {
      en: "The script is `npm run {2}`: there is no `{1}` script",
      zh: "脚本名是 `npm run {2}`，没有 `{1}` 这个脚本",
    },
    notATypo: [1, 2],
  },
]);
