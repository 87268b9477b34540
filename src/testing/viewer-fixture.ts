import { request as httpRequest } from "node:http";
import { join } from "node:path";
import type { ViewerSources } from "../inspect/viewer-sources.js";
import { type RunningViewerServer, startViewerServer } from "../interfaces/http/server.js";
import type { ViewerAssets } from "../interfaces/http/viewer-assets.js";
import { viewerServicesFrom } from "../interfaces/http/viewer-services.js";
import { loadApiToken } from "../interfaces/mcp/api-token.js";
import { openRuntime, type Runtime } from "../runtime.js";
import { runTacit } from "./cli-harness.js";
import { transcriptFixture } from "./fixtures.js";

/**
 * Seeds `home` as a user would: `tacit import examples/transcripts`, then `tacit learn`, offline.
 * Throws with the CLI's output when either fails.
 */
export async function seedViewerHome(home: string): Promise<void> {
  const env = { TACIT_HOME: home, TACIT_LLM_PROVIDER: "none" };
  for (const argv of [["import", transcriptFixture()], ["learn"]]) {
    const result = await runTacit(argv, { env, cwd: home });
    if (result.code !== 0) throw new Error(`tacit ${argv[0]} failed: ${result.stderr}`);
  }
}

/** A raw HTTP answer. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body as JSON (throws when it is not); tests read its fields freely. */
  // biome-ignore lint/suspicious/noExplicitAny: a test helper over arbitrary JSON answers
  json(): any;
}

/**
 * One request with any headers (Host and Origin included, which fetch will not set), no agent
 * reuse. `path` is relative to the server.
 */
export function rawRequest(
  server: { port: number },
  path: string,
  /** `body` is sent as JSON; `text` as it is (a body that is not JSON). */
  options: { method?: string; headers?: Record<string, string>; body?: unknown; text?: string } = {},
): Promise<RawResponse> {
  const body = options.text ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        method: options.method ?? "GET",
        agent: false,
        headers: { ...(body ? { "Content-Type": "application/json" } : {}), ...options.headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            json: () => JSON.parse(text),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** A running viewer server over a runtime on `home`, its token and a way to stop both. */
export interface ViewerFixture {
  runtime: Runtime;
  server: RunningViewerServer;
  token: string;
  close(): Promise<void>;
}

/**
 * Starts the viewer server on 127.0.0.1 (a free port) over `home`'s store. `sources` are the
 * optional sources, or a function making them from the runtime (`viewerSourcesFor`); default none.
 */
export async function startViewerFixture(
  home: string,
  options: {
    /** The optional sources, or how to make them from the runtime (as `tacit serve` does). */
    sources?: ViewerSources | ((runtime: Runtime) => ViewerSources);
    assets?: ViewerAssets | null;
    readsNeedToken?: boolean;
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<ViewerFixture> {
  const env = { TACIT_HOME: home, TACIT_LLM_PROVIDER: "none", ...options.env };
  const runtime = await openRuntime({ env, cwd: home });
  const sources = typeof options.sources === "function" ? options.sources(runtime) : (options.sources ?? {});
  const { token } = await loadApiToken(join(home, "api-token"));
  try {
    const server = await startViewerServer({
      services: viewerServicesFrom(runtime, sources),
      mcp: { runtime, cwd: home, recallConfig: runtime.settings.recall },
      port: 0,
      token,
      tokenExplicit: false,
      assets: options.assets ?? null,
      readsNeedToken: options.readsNeedToken,
    });
    return {
      runtime,
      server,
      token,
      close: async () => {
        await server.close();
        await runtime.close();
      },
    };
  } catch (error) {
    await runtime.close();
    throw error;
  }
}
