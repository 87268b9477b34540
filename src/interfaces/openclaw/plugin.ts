/**
 * The OpenClaw plugin module: OpenClaw imports it and calls the default export's `register(api)`.
 * Point `package.json` `openclaw.extensions` (or a wrapper, see examples/openclaw-plugin/) at the
 * built file, `dist/interfaces/openclaw/plugin.js`; docs/openclaw.md has the setup.
 */
import { createOpenClawPlugin } from "./openclaw-plugin.js";

export default createOpenClawPlugin().entry;
