// Bundles the CLI's entry and the hook into single files over tsc's output.
//
// `tacit hook` runs on every tool call of the user's agent. Unbundled, loading its ESM module graph
// (zod, capture, the SQLite store: ~60 files) costs more than starting node itself; a bundled file
// loads in a fraction of that, and a CommonJS file skips the ESM loader too. Eight bundles:
// - dist/interfaces/cli/tacit.cjs, the `tacit` bin and what `tacit install` writes: main.ts with
//   hook-client.ts inlined, as CommonJS. For `tacit hook` it hands the event to the resident hook
//   daemon (node built-ins only: all a tool call's or a prompt's event loads while the daemon runs);
//   everything else it loads with import() from tsc's ESM output beside it (commander, the daemon,
//   hook-main.js);
// - dist/interfaces/hooks/hook-inbox.cjs: the tool-event queue (hook-inbox.ts and the redactor it
//   needs), which the bin loads with `require` only for a tool event it queues itself (no FIFO pair
//   free, or the pair's daemon gone): the redactor's lexicons cost more to parse than the rest of
//   the client, and import() of it from the bin would start node's ESM loader.
// The other six replace tsc's file of the same name, so nothing else changes:
// - hook-client.js: the same client, for tsc's dist/interfaces/cli/main.js (hook commands that an
//   older tacit installed run it);
// - hook-main.js: the entry and the tool-event spool: all a tool event loads (no SQLite);
// - hook-capture.js: capture and the SQLite store, for every other event;
// - hook-config.js: the configuration schema (and zod), only when a config file or a setting
//   variable exists (hook-config-probe.ts);
// - hook-recall.js: recall, for SessionStart and UserPromptSubmit only;
// - hook-guard.js: the guard at the tool call, for PreToolUse and UserPromptSubmit only.
// They are built separately, not split into shared chunks: a shared chunk would put the code they
// share (all of zod's core) on the tool-event path. Packages with native code or heavy optional
// SDKs stay external and load from node_modules as before.
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = new URL("..", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
/**
 * Pure JavaScript dependencies worth inlining; every other dependency stays external. sqlite-vec's
 * JavaScript only locates its native extension (with import.meta.resolve, which works from the
 * bundle's location too); the capture path never loads the extension.
 */
const BUNDLED = new Set(["zod", "ulid", "yaml", "sqlite-vec"]);
/** Bundled packages whose top-level code only defines things, so unused parts can be dropped. */
const PURE = new Set(["sqlite-vec"]);
const externalPackages = Object.keys(manifest.dependencies ?? {}).filter((name) => !BUNDLED.has(name));
const outdir = process.env.TACIT_HOOK_OUTDIR ?? "dist/interfaces/hooks";
const sourceRoot = fileURLToPath(new URL("src/", root));
const binFile = join(outdir, "../cli/tacit.cjs");
/** The modules the bin loads with `require`, from their own CommonJS bundle beside the hooks'. */
const REQUIRED_LAZILY = ["interfaces/hooks/hook-inbox.ts"];
const lazyBundle = (module) => join(outdir, `${module.split("/").pop().replace(/\.ts$/, "")}.cjs`);

/**
 * - Keeps lazy `import("./…")` of tacit's own modules runtime imports (of another bundle, or of
 *   tsc's output beside it), so code an event does not need is never parsed on its path. The path
 *   is rewritten to hold from the bundle's folder (`entryDir`, in src/ as the bundle is in dist/),
 *   whichever module of the bundle imports it.
 * - Marks external packages (and sqlite-vec) free of import side effects, so a module imported for
 *   one small function (open-store.ts for tacitHome) does not drag `import "better-sqlite3"` along.
 * - Gives zod's `locales` namespace only English, the locale zod itself uses by default: the other
 *   ~50 locales are half of zod's size and tacit never selects one (`z.locales.en` still works).
 */
const hookBundle = (entryDir) => ({
  name: "hook-bundle",
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      const target = resolve(args.resolveDir, args.path);
      if (!target.startsWith(sourceRoot))
        throw new Error(`${args.importer}: import("${args.path}") leaves src/`);
      const path = relative(entryDir, target).replaceAll("\\", "/");
      return { path: path.startsWith(".") ? path : `./${path}`, external: true };
    });
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: "english-only", namespace: "zod-locales" } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: "zod-locales" }, () => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: fileURLToPath(new URL("node_modules/zod/v4/locales/", root)),
    }));
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      const name = args.path.startsWith("@")
        ? args.path.split("/").slice(0, 2).join("/")
        : args.path.split("/")[0];
      if (externalPackages.includes(name)) return { path: args.path, external: true, sideEffects: false };
      if (!PURE.has(name) || args.pluginData === "pure") return undefined;
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: "pure",
      });
      return { ...resolved, sideEffects: false };
    });
  },
});

/**
 * In the CommonJS bin, a lazy `import()` of a module of REQUIRED_LAZILY becomes a `require` of its
 * bundle (esbuild keeps the `import()` lazy: the `require` runs when the import does).
 */
const lazyRequire = {
  name: "lazy-require",
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      const module = relative(sourceRoot, resolve(args.resolveDir, args.path).replace(/\.js$/, ".ts"));
      if (!REQUIRED_LAZILY.includes(module.replaceAll("\\", "/"))) return undefined;
      return { path: module, namespace: "lazy-require" };
    });
    builder.onLoad({ filter: /.*/, namespace: "lazy-require" }, (args) => {
      const path = relative(dirname(binFile), lazyBundle(args.path)).replaceAll("\\", "/");
      return { contents: `module.exports = require(${JSON.stringify(path)});`, loader: "js" };
    });
    builder.onResolve({ filter: /\.cjs$/, namespace: "lazy-require" }, (args) => ({
      path: args.path,
      external: true,
    }));
  },
};

/**
 * In the CommonJS bin, node-builtins.ts's `createRequire(…)` is the file's own `require`: node does
 * not load node:module at startup, and loading it for that costs a tool event half a millisecond.
 * Nothing else in the bin may import node:module (the build fails on any other name).
 */
const ownRequire = {
  name: "own-require",
  setup(builder) {
    builder.onResolve({ filter: /^node:module$/ }, () => ({ path: "node:module", namespace: "own-require" }));
    builder.onLoad({ filter: /.*/, namespace: "own-require" }, () => ({
      contents: "export const createRequire = () => require;",
      loader: "js",
    }));
  },
};

const common = {
  absWorkingDir: fileURLToPath(root),
  allowOverwrite: true,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Smaller text parses faster; identifiers are kept so stack traces in the hook log stay readable.
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: "none",
  logLevel: "warning",
};

const metafile = process.env.TACIT_HOOK_METAFILE === "1";
const results = [];
for (const entry of [
  "hook-client",
  "hook-main",
  "hook-capture",
  "hook-config",
  "hook-recall",
  "hook-reconcile",
  "hook-guard",
]) {
  results.push(
    await build({
      ...common,
      metafile,
      outdir,
      entryPoints: [`src/interfaces/hooks/${entry}.ts`],
      plugins: [hookBundle(join(sourceRoot, "interfaces/hooks"))],
    }),
  );
}
// The bin and the modules it requires lazily, as CommonJS (the .cjs name makes node load them so
// in this "type": "module" package). `import.meta.filename` becomes the file's `__filename`, and
// `import.meta.url` its file URL, computed only if something reads it (nothing on the hook's path
// does).
const commonJs = {
  ...common,
  metafile,
  format: "cjs",
  define: { "import.meta.filename": "__filename", "import.meta": "__tacit_import_meta" },
  banner: {
    js: 'const __tacit_import_meta={get url(){return require("node:url").pathToFileURL(__filename).href}};',
  },
};
for (const module of REQUIRED_LAZILY) {
  results.push(
    await build({
      ...commonJs,
      entryPoints: [join("src", module)],
      outfile: lazyBundle(module),
      plugins: [ownRequire, hookBundle(join(sourceRoot, dirname(module)))],
    }),
  );
}
results.push(
  await build({
    ...commonJs,
    entryPoints: ["src/interfaces/cli/main.ts"],
    outfile: binFile,
    plugins: [ownRequire, lazyRequire, hookBundle(join(sourceRoot, "interfaces/cli"))],
  }),
);
if (metafile) {
  for (const result of results) process.stdout.write(`${JSON.stringify(result.metafile)}\n`);
}
