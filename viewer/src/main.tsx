import "./styles.css";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { saveToken, storedToken } from "./api";
import { capabilities, Needs } from "./capabilities";
import { useLoad } from "./components";
import { ConventionsPage } from "./pages/conventions";
import { DatasetPage } from "./pages/dataset";
import { LessonPage } from "./pages/lesson";
import { LessonsPage } from "./pages/lessons";
import { MemoryFilesPage } from "./pages/memory-files";
import { OverviewPage } from "./pages/overview";
import { RecallPage } from "./pages/recall";
import { SessionPage } from "./pages/session";
import { SessionsPage } from "./pages/sessions";
import { SignalsPage } from "./pages/signals";
import { SkillsPage } from "./pages/skills";
import { TaskPage } from "./pages/task";
import { href, type Route, useRoute } from "./router";

const NAV: Array<{ path: string; label: string }> = [
  { path: "", label: "Overview" },
  { path: "sessions", label: "Sessions" },
  { path: "signals", label: "Signals" },
  { path: "lessons", label: "Lessons" },
  { path: "conventions", label: "Conventions" },
  { path: "recall", label: "Recall" },
  { path: "memory", label: "Memory files" },
  { path: "dataset", label: "Dataset" },
  { path: "skills", label: "Skills" },
];

function Page({ route }: { route: Route }) {
  const [area, id] = route.path;
  switch (area) {
    case undefined:
      return <OverviewPage />;
    case "sessions":
      return id ? (
        <SessionPage id={id} focus={route.query.get("seq")} />
      ) : (
        <SessionsPage query={route.query} />
      );
    case "tasks":
      return id ? <TaskPage id={id} /> : <SessionsPage query={route.query} />;
    case "signals":
      return <SignalsPage query={route.query} />;
    case "lessons":
      return id ? <LessonPage id={id} /> : <LessonsPage query={route.query} />;
    case "conventions":
      return (
        <Needs source="conventions" feature="conventions">
          {() => <ConventionsPage id={id} query={route.query} />}
        </Needs>
      );
    case "recall":
      return <RecallPage query={route.query} />;
    case "memory":
      return (
        <Needs source="memoryFiles" feature="memory-file guarding">
          {() => <MemoryFilesPage />}
        </Needs>
      );
    case "dataset":
      return (
        <Needs source="dataset" feature="the dataset">
          {() => <DatasetPage />}
        </Needs>
      );
    case "skills":
      return <SkillsPage id={id} />;
    default:
      return <p class="error">No page here: {location.hash}</p>;
  }
}

/** The token field: changes need the bearer token from $TACIT_HOME/api-token. */
function TokenBox() {
  const [token, setToken] = useState(storedToken());
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState("");
  useEffect(() => {
    const update = () => setToken(storedToken());
    window.addEventListener("tacit-token", update);
    return () => window.removeEventListener("tacit-token", update);
  }, []);
  if (!open) {
    return (
      <button type="button" class="token-button" data-testid="token-button" onClick={() => setOpen(true)}>
        {token ? "Token set" : "Set token"}
      </button>
    );
  }
  return (
    <form
      class="token-form"
      onSubmit={(event) => {
        event.preventDefault();
        saveToken(draft);
        setDraft("");
        setOpen(false);
      }}
    >
      <label>
        Token (changes need it: <code>cat ~/.tacit/api-token</code>)
        <input
          type="password"
          autocomplete="off"
          data-testid="token-input"
          value={draft}
          onInput={(event) => setDraft((event.target as HTMLInputElement).value)}
        />
      </label>
      <button type="submit" class="primary" data-testid="token-save">
        Save
      </button>
      {token ? (
        <button
          type="button"
          onClick={() => {
            saveToken("");
            setOpen(false);
          }}
        >
          Forget
        </button>
      ) : null}
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}

function App() {
  const route = useRoute();
  const loaded = useLoad(capabilities, []);
  const area = route.path[0] ?? "";
  return (
    <div class="shell">
      <header class="top">
        <a class="brand" href="#/">
          tacit
        </a>
        <nav aria-label="pages">
          {NAV.map((item) => (
            <a
              key={item.path}
              href={href(item.path ? [item.path] : [])}
              class={area === item.path || (item.path === "sessions" && area === "tasks") ? "active" : ""}
            >
              {item.label}
            </a>
          ))}
        </nav>
        <TokenBox />
      </header>
      <main>
        <Page route={route} />
      </main>
      <footer class="muted">tacit {loaded.data?.version ?? ""} · served from this machine only</footer>
    </div>
  );
}

const root = document.getElementById("app");
if (root) render(<App />, root);
