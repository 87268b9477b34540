import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { viewerSourcesFor } from "../interfaces/http/viewer-source-wiring.js";
import { useClockedRuntimes } from "../testing/clocked-runtime.js";
import { collectedDatasetWorld, START } from "../testing/dataset-world.js";
import { useTempDir } from "../testing/temp-dir.js";
import { rawRequest, startViewerFixture } from "../testing/viewer-fixture.js";

const tempDir = useTempDir("tacit-dataset-viewer-");
const openRuntime = useClockedRuntimes(tempDir);

describe("the dataset in the viewer's API, over the real store", () => {
  it("lists the queue, approves and rejects with notes, and exports approved samples (recorded)", async () => {
    const { rt, setClock } = await openRuntime(START);
    const home = join(rt.store.location, "..");
    await collectedDatasetWorld(rt, home, setClock);
    const fixture = await startViewerFixture(home, { sources: viewerSourcesFor });
    try {
      const auth = { Authorization: `Bearer ${fixture.token}` };
      expect((await rawRequest(fixture.server, "/api/capabilities")).json().sources.dataset).toBe(true);
      const queue = (
        await rawRequest(fixture.server, "/api/dataset/samples?status=needs_review&limit=3")
      ).json();
      expect(queue.total).toBe(await rt.store.datasets.countSamples({ statuses: ["needs_review"] }));
      expect(queue.samples).toHaveLength(3);
      const [first] = queue.samples;
      expect(first).toMatchObject({ status: "needs_review", prompt: expect.stringContaining("\n\n") });
      expect(JSON.stringify(queue.samples)).not.toContain("li.wei@example.com");

      expect(
        (await rawRequest(fixture.server, `/api/dataset/samples/${first.id}/approve`, { method: "POST" }))
          .status,
      ).toBe(401);
      const approved = await rawRequest(fixture.server, `/api/dataset/samples/${first.id}/approve`, {
        method: "POST",
        headers: auth,
        body: { note: "checked in the viewer" },
      });
      expect(approved.json().sample).toMatchObject({
        id: first.id,
        status: "approved",
        note: "checked in the viewer",
      });
      expect(await rt.store.datasets.getSample(first.id)).toMatchObject({
        status: "approved",
        annotatedBy: "viewer",
      });
      const second = queue.samples[1].id;
      expect(
        (
          await rawRequest(fixture.server, `/api/dataset/samples/${second}/reject`, {
            method: "POST",
            headers: auth,
            body: {},
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await rawRequest(fixture.server, `/api/dataset/samples/${second}/reject`, {
            method: "POST",
            headers: auth,
            body: { note: "wrong label" },
          })
        ).json().sample.status,
      ).toBe("rejected");
      expect((await rawRequest(fixture.server, "/api/dataset/samples?status=done")).status).toBe(400);

      const file = await rawRequest(fixture.server, "/api/dataset/export", {
        method: "POST",
        headers: auth,
        body: { format: "openai" },
      });
      expect(file.status).toBe(200);
      expect(file.headers["content-disposition"]).toBe('attachment; filename="tacit-dataset.jsonl"');
      const lines = file.body
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(lines).toHaveLength(1);
      expect(lines[0].messages.map((message: { role: string }) => message.role)).toEqual([
        "system",
        "user",
        "assistant",
      ]);
      expect(file.body).not.toContain("li.wei@example.com");
      const [record] = await rt.store.datasets.listExports(1);
      expect(record).toMatchObject({
        format: "openai",
        totalSamples: 1,
        exportedBy: "viewer",
        validation: null,
      });
      expect(record?.train.bytes).toBe(Buffer.byteLength(file.body));
    } finally {
      await fixture.close();
    }
  });
});
