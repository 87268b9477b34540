import { useEffect, useState } from "preact/hooks";

/** The current route: `#/lessons/ID?seq=3` → path ["lessons", "ID"], query seq=3. */
export interface Route {
  path: string[];
  query: URLSearchParams;
}

export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, "") || "/";
  const [pathPart = "/", search = ""] = raw.split("?", 2);
  const path = pathPart
    .split("/")
    .filter((part) => part !== "")
    .map((part) => decodeURIComponent(part));
  return { path, query: new URLSearchParams(search) };
}

/** Follows `location.hash`. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    window.addEventListener("hashchange", update);
    return () => window.removeEventListener("hashchange", update);
  }, []);
  return route;
}

/** A link target: `#/` + segments (encoded) + query. */
export function href(
  path: Array<string | number>,
  query: Record<string, string | number | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(name, String(value));
  const search = params.toString();
  return `#/${path.map((part) => encodeURIComponent(String(part))).join("/")}${search ? `?${search}` : ""}`;
}
