import type { ComponentChildren } from "preact";
import { get } from "./api";
import { Show, Unavailable, useLoad } from "./components";
import type { Capabilities } from "./types";

let cached: Promise<Capabilities> | null = null;

/** What this server's build offers, asked once per page load. */
export function capabilities(): Promise<Capabilities> {
  cached ??= get<Capabilities>("/api/capabilities");
  return cached;
}

/** Renders `children` when the build has `source`, else says the feature is not available (asking nothing more). */
export function Needs(props: {
  source: keyof Capabilities["sources"];
  feature: string;
  children: () => ComponentChildren;
}) {
  const loaded = useLoad(capabilities, []);
  return (
    <Show loaded={loaded}>
      {(data) =>
        data.sources[props.source] ? (
          props.children()
        ) : (
          <Unavailable message={`${props.feature} is not available in this build`} />
        )
      }
    </Show>
  );
}
