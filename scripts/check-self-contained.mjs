// Fails when a source, test, bench or script file refers to a path outside the repository: this
// workplace's own folders (/work/shared, /work/main, …), a sibling checkout (../shared), or a
// `new URL("…", import.meta.url)` that resolves above the repository root. Made-up project paths in
// test data ("/work/shop", "/home/dev/shop-api") are data, not files read, and are allowed. Run by
// .ci/run.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const folders = ["src", "test", "bench", "scripts", "eval", "eval-dev", ".ci"];
const ABSOLUTE = /\/work\/(shared|main|\.library|\.mirror|wt)\b|\/shared\/(fixtures|seeds)\b/;
const SIBLING = /\.\.\/shared\b/;
const URL_LITERAL = /new URL\(\s*"([^"]+)"\s*,\s*import\.meta\.url\s*\)/g;

function* files(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return; // a folder this checkout does not have
  }
  for (const name of entries) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".out")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|mts|cts|js|mjs|cjs|json|ya?ml|sh)$/.test(name) || dir.endsWith(".ci")) yield path;
  }
}

const problems = [];
for (const folder of folders) {
  for (const file of files(join(root, folder))) {
    if (file === fileURLToPath(import.meta.url)) continue;
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, index) => {
      const where = `${relative(root, file)}:${index + 1}`;
      if (ABSOLUTE.test(line)) problems.push(`${where}: an absolute path of this machine: ${line.trim()}`);
      if (SIBLING.test(line)) problems.push(`${where}: a path outside the repository: ${line.trim()}`);
      for (const match of line.matchAll(URL_LITERAL)) {
        const target = resolve(dirname(file), match[1]);
        if (target !== root && !target.startsWith(root + sep)) {
          problems.push(`${where}: new URL("${match[1]}") resolves outside the repository (${target})`);
        }
      }
    });
  }
}
if (problems.length > 0) {
  console.error(`${problems.length} reference(s) to paths outside the repository:\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("self-contained: no source, test or script refers to a path outside the repository");
