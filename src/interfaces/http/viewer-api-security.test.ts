/** The viewer API's boundary: Host/Origin refusal, the token for changes, errors as JSON, no cookies. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explicitApiToken } from "../../config/serve-settings.js";
import { useTempDir } from "../../testing/temp-dir.js";
import {
  rawRequest,
  seedViewerHome,
  startViewerFixture,
  type ViewerFixture,
} from "../../testing/viewer-fixture.js";
import { isLoopbackHost, ownHostNames } from "./request-guard.js";
import { assertServableHost } from "./server.js";
import { loadViewerAssets } from "./viewer-assets.js";

const tempDir = useTempDir("tacit-viewer-security-");
let home: string;
let fixture: ViewerFixture;
let lessonId: string;

beforeAll(async () => {
  home = tempDir();
  await seedViewerHome(home);
  const assets = join(home, "viewer");
  mkdirSync(join(assets, "assets"), { recursive: true });
  writeFileSync(join(assets, "index.html"), "<!doctype html><title>tacit</title>");
  writeFileSync(join(assets, "assets", "app-1.js"), "console.log(1)");
  fixture = await startViewerFixture(home, { assets: loadViewerAssets(assets) });
  lessonId = (await fixture.runtime.store.listLessons({ limit: 1 }))[0]?.id as string;
  expect(lessonId).toBeTruthy();
});
afterAll(async () => {
  await fixture?.close();
});

describe("the viewer API's boundary", () => {
  it("refuses a change without the token (401, nothing changed) and makes it with the token", async () => {
    const before = await fixture.runtime.store.getLesson(lessonId);
    const refused = await rawRequest(fixture.server, `/api/lessons/${lessonId}/promote`, {
      method: "POST",
      body: {},
    });
    expect(refused.status).toBe(401);
    expect(refused.headers["www-authenticate"]).toBe('Bearer realm="tacit"');
    expect(refused.json().error).toMatch(/changes need the bearer token/);
    const wrong = await rawRequest(fixture.server, `/api/lessons/${lessonId}/promote`, {
      method: "POST",
      headers: { Authorization: `Bearer ${fixture.token}x` },
    });
    expect(wrong.status).toBe(401);
    expect(await fixture.runtime.store.getLesson(lessonId)).toEqual(before);

    const done = await rawRequest(fixture.server, `/api/lessons/${lessonId}/promote`, {
      method: "POST",
      headers: { Authorization: `Bearer ${fixture.token}` },
      body: { reason: "checked by hand" },
    });
    expect(done.status).toBe(200);
    expect(done.json().lesson.maturity).toBe("proven");
    expect((await fixture.runtime.store.getLesson(lessonId))?.maturityReason).toBe("checked by hand");
  });

  it("refuses a foreign Origin or Host with 403, even with the token, for reads, changes and pages", async () => {
    const auth = { Authorization: `Bearer ${fixture.token}` };
    const port = fixture.server.port;
    const foreignOrigin = await rawRequest(fixture.server, `/api/lessons/${lessonId}/archive`, {
      method: "POST",
      headers: { ...auth, Origin: "http://evil.example" },
    });
    expect(foreignOrigin.status).toBe(403);
    expect(foreignOrigin.json().error).toBe("origin not allowed: http://evil.example");
    expect((await fixture.runtime.store.getLesson(lessonId))?.status).not.toBe("archived");
    const foreign: Array<Record<string, string>> = [
      { Origin: "null" },
      { Origin: `http://127.0.0.1:${port + 1}` },
      { Host: `evil.example:${port}` },
      { Host: `127.0.0.1:${port + 1}` },
    ];
    for (const headers of foreign) {
      expect((await rawRequest(fixture.server, "/api/overview", { headers })).status).toBe(403);
      expect((await rawRequest(fixture.server, "/", { headers })).status).toBe(403);
    }
    const own = await rawRequest(fixture.server, "/api/capabilities", {
      headers: { Host: `localhost:${port}`, Origin: `http://localhost:${port}` },
    });
    expect(own.status).toBe(200);
  });

  it("reads without the token on loopback, and never sets a cookie", async () => {
    for (const path of ["/api/capabilities", "/api/overview", "/api/lessons", "/", "/assets/app-1.js"]) {
      const response = await rawRequest(fixture.server, path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(response.headers["set-cookie"]).toBeUndefined();
      expect(response.headers["content-security-policy"]).toMatch(/default-src 'none'; script-src 'self'/);
    }
  });

  it("answers errors as JSON naming what was wrong", async () => {
    const missing = await rawRequest(fixture.server, "/api/lessons/NOPE");
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ error: "lesson NOPE not found" });
    const badLimit = await rawRequest(fixture.server, "/api/lessons?limit=0");
    expect(badLimit.status).toBe(400);
    expect(badLimit.json().error).toMatch(/field query\.limit/);
    const badStatus = await rawRequest(fixture.server, "/api/lessons?status=active,bogus");
    expect(badStatus.status).toBe(400);
    expect(badStatus.json().error).toMatch(/query\.status/);
    const auth = { Authorization: `Bearer ${fixture.token}` };
    const noReason = await rawRequest(fixture.server, `/api/lessons/${lessonId}/deprecate`, {
      method: "POST",
      headers: auth,
      body: {},
    });
    expect(noReason.status).toBe(400);
    expect(noReason.json().error).toMatch(/field body\.reason/);
    const notJson = await rawRequest(fixture.server, `/api/lessons/${lessonId}/promote`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: undefined,
    });
    expect(notJson.status).toBe(409); // already proven: a refused change, with the reason
    expect(notJson.json().error).toMatch(/lesson/);
    // A body that is not JSON: the answer says where it broke, never what it held.
    const secret = `sk-ant-api03-${"Qx7Kp2mQ9vL4rT8w".repeat(3)}`;
    const broken = await rawRequest(fixture.server, `/api/lessons/${lessonId}/deprecate`, {
      method: "POST",
      headers: auth,
      text: `{"reason": ${secret}}`,
    });
    expect(broken.status).toBe(400);
    expect(broken.json().error).toMatch(/not JSON: line 1, column 12 \(character 11\): expected a value/);
    expect(broken.body).not.toContain("sk-ant");
    expect((await rawRequest(fixture.server, "/api/nothing")).json()).toEqual({
      error: "not found: GET /api/nothing",
    });
    expect((await rawRequest(fixture.server, "/assets/../index.html")).status).not.toBe(500);
    expect((await rawRequest(fixture.server, "/assets/missing.js")).status).toBe(404);
  });

  it("answers 501 for a feature this build lacks, after the token check", async () => {
    const read = await rawRequest(fixture.server, "/api/audits");
    expect(read.status).toBe(501);
    expect(read.json().error).toBe("memory-file guarding is not available in this build");
    expect((await rawRequest(fixture.server, "/api/dataset/samples")).status).toBe(501);
    expect((await rawRequest(fixture.server, "/api/conventions")).status).toBe(501);
    expect((await rawRequest(fixture.server, "/api/audits/A1/rollback", { method: "POST" })).status).toBe(
      401,
    );
    const withToken = await rawRequest(fixture.server, "/api/audits/A1/rollback", {
      method: "POST",
      headers: { Authorization: `Bearer ${fixture.token}` },
    });
    expect(withToken.status).toBe(501);
    const capabilities = (await rawRequest(fixture.server, "/api/capabilities")).json();
    expect(capabilities.sources).toEqual({
      memoryFiles: false,
      dataset: false,
      adherence: false,
      conventions: false,
    });
  });

  it("serves MCP at /mcp in the same process, with its own token check", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const headers = { Accept: "application/json, text/event-stream" };
    const refused = await rawRequest(fixture.server, "/mcp", { method: "POST", headers, body: initialize });
    expect(refused.status).toBe(401);
    expect(refused.json().error.code).toBe(-32001);
    const answered = await rawRequest(fixture.server, "/mcp", {
      method: "POST",
      headers: { ...headers, Authorization: `Bearer ${fixture.token}` },
      body: initialize,
    });
    expect(answered.status).toBe(200);
    expect(answered.json().result.serverInfo.name).toBeTruthy();
  });

  it("needs the token to read when told to", async () => {
    const strict = await startViewerFixture(home, { readsNeedToken: true });
    try {
      expect((await rawRequest(strict.server, "/api/overview")).status).toBe(401);
      const ok = await rawRequest(strict.server, "/api/overview", {
        headers: { Authorization: `Bearer ${strict.token}` },
      });
      expect(ok.status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe("where the server may listen", () => {
  it("refuses an address beyond loopback unless the token was set explicitly", () => {
    expect(() => assertServableHost("0.0.0.0", false)).toThrow(
      /refusing to listen on 0\.0\.0\.0.*TACIT_API_TOKEN/,
    );
    expect(() => assertServableHost("192.168.1.5", false)).toThrow(/refusing/);
    expect(() => assertServableHost("0.0.0.0", true)).not.toThrow();
    expect(() => assertServableHost("127.0.0.1", false)).not.toThrow();
    expect(["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"].every(isLoopbackHost)).toBe(true);
    expect(["0.0.0.0", "10.0.0.1", "example.com", "::"].some(isLoopbackHost)).toBe(false);
  });

  it("names the hosts a request may carry", () => {
    expect(ownHostNames("127.0.0.1", 7077)).toEqual(["127.0.0.1:7077", "localhost:7077"]);
    expect(ownHostNames("0.0.0.0", 7077, ["box.lan"])).toEqual(["box.lan:7077"]);
    expect(ownHostNames("10.0.0.2", 80)).toEqual(["10.0.0.2:80"]);
  });

  it("takes an explicit token from TACIT_API_TOKEN only when it is long enough", () => {
    expect(explicitApiToken({})).toBeNull();
    expect(explicitApiToken({ TACIT_API_TOKEN: "x".repeat(32) })).toBe("x".repeat(32));
    expect(() => explicitApiToken({ TACIT_API_TOKEN: "short" })).toThrow(/at least 32 characters/);
  });
});
