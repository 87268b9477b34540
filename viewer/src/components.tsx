import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiFailure } from "./api";

/** The state of a load: data once it came, the error if it failed. */
export interface Loaded<T> {
  data: T | null;
  error: ApiFailure | Error | null;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` now and whenever `deps` change; `reload` runs it again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: Error | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    load().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: Error) => live && setState({ data: null, error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((value) => value + 1), []);
  return { ...state, reload };
}

/** Shows the loaded data, a loading line, a 501 as "not available", or the error. */
export function Show<T>({
  loaded,
  children,
}: {
  loaded: Loaded<T>;
  children: (data: T) => ComponentChildren;
}) {
  if (loaded.error) {
    if (loaded.error instanceof ApiFailure && loaded.error.status === 501) {
      return <Unavailable message={loaded.error.message} />;
    }
    return <ErrorBox error={loaded.error} />;
  }
  if (loaded.data === null) return <p class="muted">Loading…</p>;
  return <>{children(loaded.data)}</>;
}

export function ErrorBox({ error }: { error: Error }) {
  return (
    <p class="error" role="alert">
      {error instanceof ApiFailure ? `${error.status}: ` : ""}
      {error.message}
    </p>
  );
}

/** The honest state of a feature this build does not have. */
export function Unavailable({ message }: { message: string }) {
  return (
    <div class="unavailable" data-testid="unavailable">
      <strong>Not available in this build.</strong> <span>{message}.</span>
    </div>
  );
}

export function Pill({ value, kind }: { value: string; kind?: string }) {
  return <span class={`pill pill-${kind ?? value}`}>{value}</span>;
}

export function Card({
  title,
  children,
  wide,
}: {
  title: string;
  children: ComponentChildren;
  wide?: boolean;
}) {
  return (
    <section class={wide ? "card wide" : "card"}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A change that asks first: the button opens a confirmation (with a reason field when `reason` is
 * asked for); confirming runs `action`, and its error is shown in place.
 */
export function ConfirmAction(props: {
  label: string;
  question: string;
  reason?: "optional" | "required";
  danger?: boolean;
  action: (reason: string) => Promise<unknown>;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.action(reason.trim());
      setOpen(false);
      setReason("");
    } catch (failure) {
      setError(failure as Error);
    } finally {
      setBusy(false);
    }
  };
  if (!open) {
    return (
      <button
        type="button"
        class={props.danger ? "danger" : ""}
        data-testid={props.testId}
        onClick={() => setOpen(true)}
      >
        {props.label}
      </button>
    );
  }
  const blocked = busy || (props.reason === "required" && reason.trim() === "");
  return (
    <fieldset class="confirm" aria-label={props.question}>
      <span>{props.question}</span>
      {props.reason ? (
        <input
          type="text"
          placeholder={props.reason === "required" ? "reason (required)" : "reason (optional)"}
          value={reason}
          onInput={(event) => setReason((event.target as HTMLInputElement).value)}
          aria-label="reason"
        />
      ) : null}
      <button
        type="button"
        class={props.danger ? "danger" : "primary"}
        disabled={blocked}
        onClick={run}
        data-testid="confirm"
      >
        Confirm
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {error ? <ErrorBox error={error} /> : null}
    </fieldset>
  );
}
