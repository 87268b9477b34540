/**
 * Kinds of work read from words that named other work, or none: a ship in a game, a flag called
 * --verbose, a library's own API, pages of a list, jobs run in the background, values kept out of
 * the code, tags on cloud resources (docs/recall.md, "Ships, flags, pages and background jobs").
 */
import { describe, expect, it } from "vitest";
import { conventionWork, promptWork } from "./conventions.js";

const work = (prompt: string) => [...promptWork(prompt, false).work].sort();
const ruleWork = (rule: string) => [...conventionWork({ trigger: "Working in this project", rule })].sort();

describe("the work a prompt asks for", () => {
  it("is code for a request that opens with keeping, handling or showing something", () => {
    expect(work("when syncing a journal entry fails, record what went wrong so we can debug it")).toContain(
      "code",
    );
    expect(work('pop up a little floating "+120" price text over the ship when cargo sells')).toEqual([
      "code",
    ]);
  });

  it("is no deploy for a ship in a game, but still is for shipping a release", () => {
    expect(work('pop up a little floating "+120" price text over the ship when cargo sells')).not.toContain(
      "deploy",
    );
    expect(work("ship it to prod")).toContain("deploy");
  });

  it("is code, not how answers are written, for a --verbose option", () => {
    expect(work("add a --verbose option that turns on debug output")).toEqual(["code"]);
    expect(work("your answers are way too verbose")).toContain("answers");
  });

  it("is HTTP for a paginated list, and code for work done in the background", () => {
    expect(work("做一个订单列表页，支持分页和按状态筛选")).toContain("http");
    expect(
      work(
        "send customers a reminder email when their order has been ready for 10 minutes, in the background",
      ),
    ).toContain("code");
  });
});

describe("the work a convention holds for", () => {
  it("is code for a library's own API, and for values kept out of the code", () => {
    expect(ruleWork("Command-line arguments are parsed with clap's derive API")).toEqual(["code"]);
    expect(ruleWork("Calls to the partner API need the X-Version header")).toContain("http");
    expect(
      ruleWork("Tuning numbers don't get hardcoded anymore, they live in ScriptableObject configs"),
    ).toContain("code");
  });

  it("is cloud for tags on every resource", () => {
    expect(ruleWork("Every resource gets two tags, owner and chargeback_id")).toEqual(["cloud"]);
  });
});
