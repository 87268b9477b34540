/** Conventions through the viewer API: the convention filter, a convention's supersession chain, both ways. */
import { afterEach, describe, expect, it } from "vitest";
import {
  learnPrefixChain,
  CHAIN_PROJECT as PROJECT,
  variablePrefix,
} from "../../testing/convention-chain.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { rawRequest, startViewerFixture, type ViewerFixture } from "../../testing/viewer-fixture.js";
import { viewerSourcesFor } from "./viewer-source-wiring.js";

const tempDir = useTempDir("tacit-viewer-conventions-");
const open: ViewerFixture[] = [];
afterEach(async () => {
  for (const fixture of open.splice(0)) await fixture.close();
});

/** A store with z_ → wr_ → n_ and one lesson that is no convention. */
async function chainedStore() {
  const fixture = await startViewerFixture(tempDir(), { sources: viewerSourcesFor });
  open.push(fixture);
  const { lessons } = fixture.runtime;
  const { z, wr, n } = await learnPrefixChain(lessons);
  const other = (
    await lessons.learn({
      kind: "verify",
      trigger: "after a schema change",
      rule: "Run the migrations before the tests",
      domain: "project",
      scope: "project",
      projectId: PROJECT,
    })
  ).lesson;
  return { fixture, z, wr, n, other };
}

const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

describe("conventions through the API", () => {
  it("lists a project's conventions and filters lessons by being one", async () => {
    const { fixture, z, wr, n, other } = await chainedStore();
    const listed = (await rawRequest(fixture.server, `/api/conventions?project=${PROJECT}`)).json();
    expect(ids(listed.conventions).sort()).toEqual([z.id, wr.id, n.id].sort());
    const newest = listed.conventions.find((item: { id: string }) => item.id === n.id);
    expect(newest).toMatchObject({ status: "candidate", slot: variablePrefix("n_"), supersedes: [wr.id] });
    const archived = (await rawRequest(fixture.server, "/api/conventions?status=archived")).json();
    expect(ids(archived.conventions).sort()).toEqual([z.id, wr.id].sort());
    expect((await rawRequest(fixture.server, "/api/conventions?status=gone")).status).toBe(400);

    const only = (await rawRequest(fixture.server, "/api/lessons?convention=true")).json();
    expect(ids(only.lessons).sort()).toEqual([z.id, wr.id, n.id].sort());
    expect(only.lessons.every((row: { convention: boolean }) => row.convention)).toBe(true);
    const none = (await rawRequest(fixture.server, "/api/lessons?convention=false")).json();
    expect(ids(none.lessons)).toEqual([other.id]);
    expect(none.lessons[0]).toMatchObject({ convention: false, slot: null });
    expect((await rawRequest(fixture.server, "/api/lessons?convention=maybe")).status).toBe(400);
  });

  it("gives the whole chain z_ → wr_ → n_ from any link, oldest first, and the lesson's both ways", async () => {
    const { fixture, z, wr, n, other } = await chainedStore();
    for (const from of [z, wr, n]) {
      const read = (await rawRequest(fixture.server, `/api/conventions/${from.id}`)).json();
      expect(read.convention.id).toBe(from.id);
      expect(ids(read.chain)).toEqual([z.id, wr.id, n.id]);
    }
    expect((await rawRequest(fixture.server, `/api/conventions/${other.id}`)).status).toBe(404);

    const newest = (await rawRequest(fixture.server, `/api/lessons/${n.id}`)).json();
    expect(ids(newest.chain.supersedes)).toEqual([z.id, wr.id]);
    expect(newest.chain.supersededBy).toEqual([]);
    const middle = (await rawRequest(fixture.server, `/api/lessons/${wr.id}`)).json();
    expect(ids(middle.chain.supersedes)).toEqual([z.id]);
    expect(ids(middle.chain.supersededBy)).toEqual([n.id]);
    const oldest = (await rawRequest(fixture.server, `/api/lessons/${z.id}`)).json();
    expect(oldest.chain.supersedes).toEqual([]);
    expect(ids(oldest.chain.supersededBy)).toEqual([wr.id, n.id]);
    expect(oldest.lesson.statusReason).toMatch(new RegExp(`^superseded by ${wr.id}`));
  });
});
