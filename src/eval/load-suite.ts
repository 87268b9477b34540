import { readdir, readFile, stat } from "node:fs/promises";
import { basename, dirname, extname, join, resolve } from "node:path";
import { InvalidInputError } from "../core/errors.js";
import { parseYamlAs } from "../core/yaml-input.js";
import { type LoadedScenario, scenarioLanguage, scenarioSchema } from "./scenario-format.js";

const SCENARIO_EXTENSIONS = new Set([".yaml", ".yml", ".json"]);
/** Files in a suite folder that are not scenarios. */
const NOT_SCENARIOS = new Set(["thresholds.json"]);

/**
 * Loads the scenarios of each path: a scenario file, a suite folder (its `*.yaml`, `*.yml` and
 * `*.json` files, `thresholds.json` aside), or a folder of suite folders (`eval/`). Files load
 * in name order. Throws `InvalidInputError` naming the file, line and field of the first problem;
 * a scenario name used twice in one suite is refused too.
 */
export async function loadSuites(paths: readonly string[]): Promise<LoadedScenario[]> {
  const loaded: LoadedScenario[] = [];
  for (const path of paths) {
    const absolute = resolve(path);
    const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => {
      throw new InvalidInputError({ message: `cannot read (${error.code ?? error.message})`, file: path });
    });
    if (info.isFile()) {
      loaded.push(await loadScenarioFile(absolute, basename(dirname(absolute))));
      continue;
    }
    const files = await scenarioFiles(absolute);
    if (files.length > 0) {
      for (const file of files) loaded.push(await loadScenarioFile(file, basename(absolute)));
      continue;
    }
    const entries = await readdir(absolute, { withFileTypes: true });
    const suites = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    let found = 0;
    for (const suite of suites.sort()) {
      for (const file of await scenarioFiles(join(absolute, suite))) {
        loaded.push(await loadScenarioFile(file, suite));
        found++;
      }
    }
    if (found === 0) throw new InvalidInputError({ message: "no scenario files here", file: path });
  }
  const names = new Set<string>();
  for (const { scenario, suite, file } of loaded) {
    const key = `${suite}\u0000${scenario.name}`;
    if (names.has(key))
      throw new InvalidInputError({
        message: `scenario name "${scenario.name}" is used twice in suite ${suite}`,
        file,
        field: "name",
      });
    names.add(key);
  }
  return loaded;
}

async function scenarioFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  return entries
    .filter(
      (entry) =>
        entry.isFile() && SCENARIO_EXTENSIONS.has(extname(entry.name)) && !NOT_SCENARIOS.has(entry.name),
    )
    .map((entry) => join(folder, entry.name))
    .sort();
}

/** Reads and validates one scenario file (YAML or JSON). */
export async function loadScenarioFile(file: string, suite: string): Promise<LoadedScenario> {
  return parseScenario(await readFile(file, "utf8"), file, suite);
}

/** Validates scenario text; `file` names it in errors. */
export function parseScenario(text: string, file: string, suite: string): LoadedScenario {
  const scenario = parseYamlAs(scenarioSchema, text, file);
  return { scenario, file, suite, language: scenarioLanguage(scenario) };
}
