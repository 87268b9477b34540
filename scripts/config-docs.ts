// Writes docs/config.md from the configuration schema (src/config/schema.ts): `npm run docs:config`.
// src/config/config-docs.test.ts fails while the file differs from what this writes.
import { writeFileSync } from "node:fs";
import { renderConfigDocs } from "../src/config/config-docs.js";

const target = new URL("../docs/config.md", import.meta.url);
writeFileSync(target, renderConfigDocs());
process.stdout.write(`wrote ${target.pathname}\n`);
