/**
 * The OpenClaw plugin module: OpenClaw imports it and calls the default export's `register(api)`.
 * The package's `openclaw.extensions` names its built file, `dist/interfaces/openclaw/plugin.js`
 * (with `openclaw.plugin.json` at the package root), and other code imports it as `tacit-memory/openclaw`;
 * examples/openclaw-plugin/ wraps it for a linked checkout. docs/openclaw.md has the setup.
 */
import { createOpenClawPlugin } from "./openclaw-plugin.js";

export default createOpenClawPlugin().entry;
