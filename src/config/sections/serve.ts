/** The `serve` section: where `tacit serve` listens (the viewer, its JSON API and MCP; docs/viewer.md). */
import * as z from "zod/mini";
import { DEFAULT_SERVE_SETTINGS as DEFAULTS } from "../serve-settings.js";
import { section, setting } from "../setting.js";

export const serveSettingsSection = section({
  port: setting(z._default(z.int().check(z.minimum(0), z.maximum(65_535)), DEFAULTS.port), {
    description: "TCP port of the viewer, its API and MCP (`--port` wins).",
  }),
  host: setting(z._default(z.string().check(z.minLength(1)), DEFAULTS.host), {
    description:
      "Address to listen on (`--host` wins). Anything but loopback is refused unless TACIT_API_TOKEN is set.",
  }),
  allowedHosts: setting(z._default(z.array(z.string().check(z.minLength(1))), [...DEFAULTS.allowedHosts]), {
    description:
      "More host names requests may carry, for a server reached by a name (a tunnel); other Host headers are refused.",
  }),
});
