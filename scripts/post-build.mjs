// Marks the CLI entry executable after tsc has written it (tsc does not keep modes).
import { chmodSync, existsSync } from "node:fs";

const entry = new URL("../dist/interfaces/cli/main.js", import.meta.url);
if (existsSync(entry)) chmodSync(entry, 0o755);
