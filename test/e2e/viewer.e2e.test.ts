/**
 * The viewer in a real browser: Debian's chromium, driven by playwright-core, over a store seeded by
 * the real importer and learner (examples/transcripts), memory-file history made by the memory
 * pipeline (a preference the user stated, written to USER.md by the write guardian) and the dataset
 * collected from all of it. Every page is loaded at 1280×800 and at phone width (screenshots in
 * test-results/viewer/), a lesson is promoted, its promotion reverted and the lesson deprecated
 * through the pages, a memory-file write is rolled back after confirmation, a dataset sample is
 * approved, a convention's supersession chain (z_ → wr_ → n_, learnt through the lesson book) is
 * followed both ways, each result checked through the API, and no request may leave 127.0.0.1.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultViewerDirectory, loadViewerAssets } from "../../src/interfaces/http/viewer-assets.js";
import { viewerSourcesFor } from "../../src/interfaces/http/viewer-source-wiring.js";
import { runTacit } from "../../src/testing/cli-harness.js";
import { learnPrefixChain } from "../../src/testing/convention-chain.js";
import { seedMemoryFiles } from "../../src/testing/memory-files-fixture.js";
import { rawRequest, seedViewerHome, startViewerFixture, type ViewerFixture } from "../../src/testing/viewer-fixture.js";

const CHROMIUM = "/usr/bin/chromium";
const SHOTS = fileURLToPath(new URL("../../test-results/viewer", import.meta.url));
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

const present = existsSync(CHROMIUM);
if (!present) {
  const message = `chromium is not at ${CHROMIUM} (apt-get install -y chromium)`;
  if (process.env.CI) throw new Error(`the viewer's browser tests need it: ${message}`);
  console.warn(`\n!!! SKIPPING the viewer's browser tests: ${message}.\n`);
}

let home: string;
let workspace: string;
let fixture: ViewerFixture;
let browser: Browser;
let base: string;
/** The project's variable-name convention, updated twice: z_ → wr_ → n_. */
let chain: Awaited<ReturnType<typeof learnPrefixChain>>;
/** Every URL the browser asked for, in every test. */
const requested: string[] = [];
/** Console errors and uncaught page errors (a CSP violation is one). */
const problems: string[] = [];

beforeAll(async () => {
  if (!present) return;
  home = mkdtempSync(join(tmpdir(), "tacit-viewer-e2e-"));
  await seedViewerHome(home);
  workspace = join(home, "workspace");
  mkdirSync(workspace);
  await seedMemoryFiles(home, workspace);
  const collected = await runTacit(["dataset", "collect"], { env: { TACIT_HOME: home, TACIT_LLM_PROVIDER: "none" }, cwd: home });
  if (collected.code !== 0) throw new Error(`tacit dataset collect failed: ${collected.stderr}`);
  fixture = await startViewerFixture(home, {
    assets: loadViewerAssets(defaultViewerDirectory()),
    sources: viewerSourcesFor,
  });
  chain = await learnPrefixChain(fixture.runtime.lessons);
  base = `http://127.0.0.1:${fixture.server.port}/`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // Chromium keeps crash reports and caches under the XDG folders: the test's own home, not the user's.
    env: { ...process.env, XDG_CONFIG_HOME: join(home, "xdg-config"), XDG_CACHE_HOME: join(home, "xdg-cache") },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

async function openPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.on("request", (request) => {
    requested.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => {
    problems.push(`${page.url()}: ${error.message}`);
  });
  return page;
}

async function api(path: string) {
  const response = await rawRequest(fixture.server, path);
  expect(response.status).toBe(200);
  return response.json();
}

describe.skipIf(!present)("the viewer in chromium", () => {
  it("loads every page at desktop and phone width", async () => {
    const [session] = (await api("/api/sessions?limit=1")).sessions;
    const { tasks } = await api("/api/tasks?limit=1");
    const { lessons } = await api("/api/lessons?limit=1&sort=evidence&convention=false");
    const [project] = (await api("/api/projects")).projects.filter((item: { lessons: number }) => item.lessons > 0);
    const pages: Array<{ name: string; hash: string; ready: string }> = [
      { name: "overview", hash: "#/", ready: "[data-testid=counts]" },
      { name: "sessions", hash: "#/sessions", ready: "[data-testid=sessions] tbody tr" },
      { name: "session", hash: `#/sessions/${encodeURIComponent(session.id)}`, ready: "[data-testid=timeline] li" },
      { name: "task", hash: `#/tasks/${encodeURIComponent(tasks[0].id)}`, ready: "h1" },
      { name: "signals", hash: "#/signals", ready: "[data-testid=signals] tbody tr" },
      { name: "lessons", hash: "#/lessons", ready: "[data-testid=lessons] tbody tr" },
      { name: "lesson", hash: `#/lessons/${lessons[0].id}`, ready: "[data-testid=history] li" },
      { name: "conventions", hash: "#/conventions", ready: "[data-testid=conventions] li" },
      { name: "convention", hash: `#/conventions/${chain.wr.id}`, ready: "[data-testid=convention-chain] li" },
      {
        name: "recall",
        hash: `#/recall?prompt=${encodeURIComponent("install the dependencies")}&project=${encodeURIComponent(project.projectId)}`,
        ready: "[data-testid=recall-result]",
      },
      { name: "memory-files", hash: "#/memory", ready: "[data-testid=audit] .diff-add" },
      { name: "dataset", hash: "#/dataset", ready: "[data-testid=samples] li" },
      { name: "skills", hash: "#/skills", ready: "h1" },
    ];
    for (const viewport of VIEWPORTS) {
      const page = await openPage(viewport);
      for (const item of pages) {
        await page.goto(`${base}${item.hash}`);
        await page.locator(item.ready).first().waitFor({ timeout: 15_000 });
        expect(await page.locator(".error").count(), `${item.name} shows an error`).toBe(0);
        // Nothing wider than the screen forces the page itself to scroll sideways.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect({ page: item.name, viewport: viewport.name, overflow }).toEqual({
          page: item.name,
          viewport: viewport.name,
          overflow: 0,
        });
        await page.screenshot({ path: join(SHOTS, `${item.name}-${viewport.name}.png`) });
      }
      await page.close();
    }
  }, 180_000);

  it("promotes a lesson, reverts the promotion and deprecates it through the pages", async () => {
    const { lessons } = await api("/api/lessons?limit=1&sort=evidence&convention=false");
    const id = lessons[0].id;
    expect(lessons[0].maturity).toBe("candidate");
    const page = await openPage(VIEWPORTS[0]);
    await page.goto(`${base}#/lessons/${id}`);
    await page.getByTestId("token-button").click();
    await page.getByTestId("token-input").fill(fixture.token);
    await page.getByTestId("token-save").click();

    await page.getByTestId("promote").click();
    await page.getByTestId("confirm").click();
    await page.locator("[data-testid=lesson-state] .pill-proven").waitFor();
    expect((await api(`/api/lessons/${id}`)).lesson.maturity).toBe("proven");

    const promoted = page.locator("[data-testid=history-event][data-type=lesson-promoted]");
    await promoted.getByTestId("revert").click();
    await promoted.getByTestId("confirm").click();
    await page.locator("[data-testid=history-event][data-type=lesson-reverted]").waitFor();
    const reverted = await api(`/api/lessons/${id}`);
    expect(reverted.lesson.maturity).toBe("candidate");
    expect(reverted.history.map((event: { type: string }) => event.type).slice(-2)).toEqual([
      "lesson-promoted",
      "lesson-reverted",
    ]);

    await page.getByTestId("deprecate").click();
    await page.getByLabel("reason").fill("misleading in this repository");
    await page.getByTestId("confirm").click();
    await page.locator("[data-testid=lesson-state] .pill-deprecated").waitFor();
    const deprecated = (await api(`/api/lessons/${id}`)).lesson;
    expect(deprecated.maturity).toBe("deprecated");
    expect(deprecated.maturityReason).toBe("misleading in this repository");
    await page.screenshot({ path: join(SHOTS, "lesson-after-changes-desktop.png"), fullPage: true });

    // Evidence links to the session turn it was said at.
    const evidence = page.locator("[data-testid=evidence] a", { hasText: "turn #" }).first();
    await evidence.click();
    await page.locator(".entry.focused").waitFor();
    await page.screenshot({ path: join(SHOTS, "evidence-turn-desktop.png") });
    await page.close();
  }, 120_000);

  it("shows the conventions, and a supersession chain z_ → wr_ → n_ followed both ways", async () => {
    const { z, wr, n } = chain;
    const listed = (await api("/api/conventions?project=/work/grades")).conventions;
    expect(listed.map((item: { id: string }) => item.id).sort()).toEqual([z.id, wr.id, n.id].sort());
    const page = await openPage(VIEWPORTS[0]);

    // The conventions filter of the lessons page lists the conventions (the three, and those the
    // learner found in the imported transcripts) and no other lesson.
    const conventions = await api("/api/lessons?convention=true&limit=500");
    const others = await api("/api/lessons?convention=false&limit=1");
    expect(conventions.total).toBeGreaterThanOrEqual(3);
    expect(others.total).toBeGreaterThan(0);
    await page.goto(`${base}#/lessons?convention=true`);
    await page.locator("[data-testid=lessons] tbody tr").first().waitFor();
    expect(await page.locator("[data-testid=lessons] tbody tr").count()).toBe(conventions.total);
    const table = (await page.locator("[data-testid=lessons]").textContent()) ?? "";
    for (const lesson of [z, wr, n]) expect(table).toContain(lesson.rule);
    expect(table).not.toContain(others.lessons[0].rule);

    // The conventions page: the chain of the middle one, oldest first.
    await page.goto(`${base}#/conventions/${wr.id}`);
    const links = page.locator("[data-testid=convention-chain] li");
    await links.first().waitFor();
    expect(await links.allTextContents()).toEqual([
      expect.stringContaining("'z_'"),
      expect.stringContaining("superseded by"),
      expect.stringContaining("superseded by"),
    ]);
    expect(await links.nth(2).textContent()).toContain("'n_'");
    await page.screenshot({ path: join(SHOTS, "convention-chain-desktop.png"), fullPage: true });

    // From the oldest lesson, "superseded by" leads forward to wr_ and n_; from n_, back to both.
    await page.goto(`${base}#/lessons/${z.id}`);
    const forward = page.getByTestId("superseded-by");
    await forward.first().waitFor();
    expect(await forward.count()).toBe(2);
    await forward.last().getByRole("link").click();
    await page.locator("h1", { hasText: "'n_'" }).waitFor();
    const back = page.getByTestId("supersedes");
    await back.first().waitFor();
    expect(await back.allTextContents()).toEqual([
      expect.stringContaining("'z_'"),
      expect.stringContaining("'wr_'"),
    ]);
    expect(await page.getByTestId("slot").first().textContent()).toBe("naming.variable.prefix = n_");
    await page.screenshot({ path: join(SHOTS, "convention-lesson-desktop.png"), fullPage: true });
    const oldest = (await api(`/api/lessons/${z.id}`)).lesson;
    expect(oldest.status).toBe("archived");
    expect(oldest.statusReason).toMatch(new RegExp(`^superseded by ${wr.id}`));
    await page.close();
  }, 120_000);

  it("shows the memory files' audits with their diffs, and rolls a write back after confirmation", async () => {
    const { audits } = await api("/api/audits?status=open");
    expect(audits).toHaveLength(1);
    const id = audits[0].id;
    expect(readFileSync(join(workspace, "USER.md"), "utf8")).toContain("- prefers morning check-ins");
    const page = await openPage(VIEWPORTS[0]);
    await page.goto(`${base}#/memory`);
    await page.getByTestId("token-button").click();
    await page.getByTestId("token-input").fill(fixture.token);
    await page.getByTestId("token-save").click();

    const open = page.locator("[data-testid=audit][data-status=open]");
    await open.locator(".diff-add", { hasText: "+- prefers morning check-ins" }).waitFor();
    expect(await page.locator("[data-testid=memory-file]").count()).toBe(2);
    // Nothing happens before the confirmation.
    await open.getByTestId("rollback").click();
    expect((await api(`/api/audits/${id}`)).audit.status).toBe("open");
    await open.getByLabel("reason").fill("not worth keeping");
    await open.getByTestId("confirm").click();
    await page.locator("[data-testid=audit][data-status=rolled-back]").waitFor();
    expect((await api(`/api/audits/${id}`)).audit).toMatchObject({ status: "rolled-back", fact: null, diff: "" });
    expect(existsSync(join(workspace, "USER.md"))).toBe(false);
    const { decisions } = await api(`/api/gate-decisions?path=${encodeURIComponent(join(workspace, "USER.md"))}`);
    expect(decisions[0]).toMatchObject({ auditId: id, candidateFact: null });
    await page.screenshot({ path: join(SHOTS, "memory-files-after-rollback-desktop.png"), fullPage: true });
    await page.close();
  }, 60_000);

  it("approves a dataset sample through its page", async () => {
    const queue = await api("/api/dataset/samples?status=pending&limit=50");
    expect(queue.total).toBeGreaterThan(0);
    const page = await openPage(VIEWPORTS[0]);
    await page.goto(`${base}#/dataset`);
    await page.getByTestId("token-button").click();
    await page.getByTestId("token-input").fill(fixture.token);
    await page.getByTestId("token-save").click();
    const sample = page.getByTestId("sample").first();
    const id = await sample.getAttribute("data-id");
    expect(id).toBeTruthy();
    await sample.getByTestId("approve").click();
    await sample.getByLabel("reason").fill("a clear fix, worth learning");
    await sample.getByTestId("confirm").click();
    await page.locator(`[data-testid=sample][data-id="${id}"]`).waitFor({ state: "detached" });
    const { sample: approved } = await api(`/api/dataset/samples/${id}`);
    expect(approved).toMatchObject({ status: "approved", note: "a clear fix, worth learning" });
    expect((await api("/api/dataset/samples?status=pending&limit=50")).total).toBe(queue.total - 1);
    await page.selectOption("select[aria-label=status]", "approved");
    await page.locator(`[data-testid=sample][data-id="${id}"]`).waitFor();
    await page.screenshot({ path: join(SHOTS, "dataset-approved-desktop.png"), fullPage: true });
    await page.close();
  }, 60_000);

  it("runs a prompt in the recall playground", async () => {
    const page = await openPage(VIEWPORTS[1]);
    await page.goto(`${base}#/recall`);
    await page.getByTestId("recall-prompt").fill("push my branch to main");
    await page.getByTestId("recall-submit").click();
    await page.getByTestId("recall-result").waitFor();
    expect(page.url()).toContain("prompt=push");
    await page.screenshot({ path: join(SHOTS, "recall-typed-phone.png"), fullPage: true });
    await page.close();
  }, 60_000);

  it("made no request beyond this server, and the pages logged no error", () => {
    expect(requested.length).toBeGreaterThan(20);
    const elsewhere = requested.filter((url) => !url.startsWith(base) && !url.startsWith("data:"));
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });
});
