// Marks the `tacit` bin executable after build-hook.mjs has written it (esbuild does not set modes).
import { chmodSync, existsSync } from "node:fs";

const entry = new URL("../dist/interfaces/cli/tacit.cjs", import.meta.url);
if (existsSync(entry)) chmodSync(entry, 0o755);
