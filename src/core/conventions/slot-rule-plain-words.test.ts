import { describe, expect, it } from "vitest";
import { readSlots } from "./slot-rule.js";

const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);

describe("a value said in the role its subject names", () => {
  it("is a tool's name, not any word before 'as the …'", () => {
    expect(slots("always return the response as JSON")).toEqual([]);
    expect(slots("send the payload as json")).toEqual([]);
    expect(slots("write the events as logs")).toEqual([]);
    expect(slots("use the session id as the cache key")).toEqual([]);
    expect(slots("use the users table as the database of record")).toEqual([]);
    // A tool's name, or a word written as one, still is.
    expect(slots("Background jobs are celery with redis as the broker")).toEqual([
      "job-queue=celery",
      "message-queue=redis",
    ]);
    expect(slots("we run postgres as the database")).toEqual(["database=postgres"]);
    expect(slots("treat localStorage as the cache")).toEqual(["cache=localstorage"]);
  });
});
