/**
 * Chat is no memory: what the user said about a film or a book in a project's session is never
 * brought back as evidence, while what they said about the work is (docs/recall.md#retrieval).
 */
import { describe, expect, it } from "vitest";
import { useClockedRuntimes } from "../testing/clocked-runtime.js";
import { captureSession } from "../testing/session-builder.js";
import { useTempDir } from "../testing/temp-dir.js";
import { recall } from "./recall.js";

const tempDir = useTempDir();
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1, 9);
const openRuntime = useClockedRuntimes(tempDir);

describe("evidence recall", () => {
  it("does not bring back chat about a film or a book, but does bring back what was said about the work", async () => {
    const { rt, now, setClock } = await openRuntime(T0);
    await captureSession(rt.capture, {
      id: "chat",
      project: "/work/geo",
      start: T0,
      turns: [
        ["user", "Good film last night. Dune part two. Loud."],
        ["assistant", "Glad you enjoyed it."],
        ["user", "对了，你最近在看什么书？我在看《置身事内》，挺有意思"],
        ["assistant", "我没有在读书。"],
        ["user", "Want to join the book club? We're reading Project Hail Mary."],
        ["assistant", "Sounds fun."],
        ["user", "the bbox parser in geo/bbox.py rejects inverted corners, keep it that way"],
        ["assistant", "Noted."],
      ],
    });
    setClock(T0 + DAY);
    const ask = async (query: string) =>
      (await recall({ store: rt.store, embedder: rt.embedder, now }, { query, projectId: "/work/geo" })).items
        .filter((item) => item.kind === "evidence")
        .map((item) => item.text);
    expect(await ask("Is Dune part two worth seeing in IMAX?")).toEqual([]);
    expect(await ask("《置身事内》主要讲什么？值得看吗？")).toEqual([]);
    expect(await ask("Who wrote the novel Project Hail Mary?")).toEqual([]);
    expect(await ask("why does the bbox parser reject inverted corners?")).toEqual([
      expect.stringContaining("inverted corners"),
    ]);
  });
});
