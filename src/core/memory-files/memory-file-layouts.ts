/**
 * The five memory files an agent keeps in its workspace, what each is for, and the layout a file
 * gets when the guardian creates it: a title, one line saying what belongs there, and its sections.
 */

/** The only file names the guardian ever writes, in the order listings show them. */
export const MEMORY_FILE_NAMES = ["MEMORY.md", "USER.md", "SOUL.md", "IDENTITY.md", "TOOLS.md"] as const;

/** One of the five memory files. */
export type MemoryFileName = (typeof MEMORY_FILE_NAMES)[number];

/** True when `name` is exactly one of the five file names (case matters). */
export function isMemoryFileName(name: string): name is MemoryFileName {
  return (MEMORY_FILE_NAMES as readonly string[]).includes(name);
}

/** What a memory file holds and how a new one is laid out. */
export interface MemoryFileLayout {
  /** The first line of a new file (`# …`). */
  readonly title: string;
  /** One line under the title saying what belongs in the file. */
  readonly purpose: string;
  /** Its `## ` sections, in order. */
  readonly sections: readonly string[];
  /** Where a fact goes when no placement rule names another section. */
  readonly defaultSection: string;
}

/** Each file's layout. The section placement rules (section-placement.ts) name these sections. */
export const MEMORY_FILE_LAYOUTS: Readonly<Record<MemoryFileName, MemoryFileLayout>> = {
  "MEMORY.md": {
    title: "Memory",
    purpose: "Durable shared facts, decisions and lessons.",
    sections: ["Facts", "Decisions", "Lessons"],
    defaultSection: "Facts",
  },
  "USER.md": {
    title: "User",
    purpose: "Stable facts about the user: preferences and background.",
    sections: ["Preferences", "Background"],
    defaultSection: "Background",
  },
  "SOUL.md": {
    title: "Soul",
    purpose: "Enduring principles for how the agent behaves.",
    sections: ["Principles"],
    defaultSection: "Principles",
  },
  "IDENTITY.md": {
    title: "Identity",
    purpose: "The agent's own name, role and vibe.",
    sections: ["Name", "Role", "Vibe"],
    defaultSection: "Role",
  },
  "TOOLS.md": {
    title: "Tools",
    purpose: "Machine-local tool facts and aliases.",
    sections: ["Tools", "Aliases"],
    defaultSection: "Tools",
  },
};

/** The text of a new, empty memory file: title, purpose and empty sections, `\n` line endings. */
export function initialContent(file: MemoryFileName): string {
  const layout = MEMORY_FILE_LAYOUTS[file];
  const sections = layout.sections.map((section) => `## ${section}\n`).join("\n");
  return `# ${layout.title}\n\n${layout.purpose}\n\n${sections}`;
}
