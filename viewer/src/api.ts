/** The viewer's calls to tacit's API: same origin, JSON, the bearer token only where it is needed. */

const TOKEN_KEY = "tacit.apiToken";

/** The token the user pasted (kept in this browser's storage for this origin only), or "". */
export function storedToken(): string {
  return localStorage.getItem(TOKEN_KEY) ?? "";
}

export function saveToken(token: string): void {
  if (token.trim() === "") localStorage.removeItem(TOKEN_KEY);
  else localStorage.setItem(TOKEN_KEY, token.trim());
  window.dispatchEvent(new Event("tacit-token"));
}

/** A failed call: the server's `{error}` message and the status. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "omit",
    cache: "no-store",
  });
  const text = await response.text();
  let value: unknown = null;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
    value = null;
  }
  if (!response.ok) {
    const message =
      (value as { error?: string } | null)?.error ?? `${response.status} ${response.statusText}`;
    throw new ApiFailure(response.status, message);
  }
  return value as T;
}

/** GET `path` with the query values that are set. */
export function get<T>(
  path: string,
  query: Record<string, string | number | undefined | null> = {},
): Promise<T> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return call<T>("GET", search ? `${path}?${search}` : path);
}

export function post<T>(path: string, body: unknown = {}): Promise<T> {
  return call<T>("POST", path, body);
}

/** Encodes one path segment (ids hold `:`). */
export const seg = (value: string) => encodeURIComponent(value);
