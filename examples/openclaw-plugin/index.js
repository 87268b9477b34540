// OpenClaw loads this file (package.json "openclaw.extensions") and calls the default export's
// register(api). It re-exports the plugin built from this checkout: run `npm run build` first.
export { default } from "../../dist/interfaces/openclaw/plugin.js";
