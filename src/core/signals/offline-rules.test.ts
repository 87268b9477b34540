import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LABELED_SIGNAL_CASES } from "./labeled-set.js";
import { detectSignalsOffline, GRADED_SIGNAL_FLOOR, OFFLINE_SIGNAL_RULES } from "./offline-rules.js";
import type {
  DetectedSignal,
  FeedbackSignalSource,
  FeedbackSignalType,
  SignalMessage,
} from "./signal-types.js";
import { FEEDBACK_SIGNAL_TYPES } from "./signal-types.js";

/** Floors committed to for every (type, source) row of the labelled set. */
const PRECISION_FLOOR = 0.9;
const RECALL_FLOOR = 0.85;

interface Counts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

function rowName(type: FeedbackSignalType, source: FeedbackSignalSource): string {
  return source === "user" ? type : `${type} (${source})`;
}

function signalKey(signal: { turn: number; type: string; source: string }): string {
  return `${signal.turn}|${signal.type}|${signal.source}`;
}

function evaluate(): { rows: Map<string, Counts>; misses: string[] } {
  const rows = new Map<string, Counts>();
  const misses: string[] = [];
  const row = (name: string): Counts => {
    let counts = rows.get(name);
    if (counts === undefined) {
      counts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
      rows.set(name, counts);
    }
    return counts;
  };
  for (const labeled of LABELED_SIGNAL_CASES) {
    const detected = detectSignalsOffline(labeled.messages);
    const expected = new Set(labeled.expected.map(signalKey));
    const found = new Set(detected.map(signalKey));
    for (const signal of detected) {
      const counts = row(rowName(signal.type, signal.source));
      if (expected.has(signalKey(signal))) counts.truePositives += 1;
      else {
        counts.falsePositives += 1;
        misses.push(`FP ${labeled.id} turn ${signal.turn} ${signal.type}/${signal.source} (${signal.rule})`);
      }
    }
    for (const signal of labeled.expected) {
      if (found.has(signalKey(signal))) continue;
      row(rowName(signal.type, signal.source)).falseNegatives += 1;
      misses.push(`FN ${labeled.id} turn ${signal.turn} ${signal.type}/${signal.source}`);
    }
  }
  return { rows, misses };
}

const ratio = (part: number, whole: number): number => (whole === 0 ? 1 : part / whole);

describe("offline signal rules on the labelled set", () => {
  const { rows, misses } = evaluate();

  it("covers both languages, every type, execution, self-check and negatives", () => {
    expect(LABELED_SIGNAL_CASES.length).toBeGreaterThanOrEqual(60);
    const languages = new Set(LABELED_SIGNAL_CASES.map((labeled) => labeled.language));
    expect([...languages].sort()).toEqual(["en", "zh"]);
    const labels = LABELED_SIGNAL_CASES.flatMap((labeled) => labeled.expected);
    for (const type of FEEDBACK_SIGNAL_TYPES) {
      for (const language of ["en", "zh"]) {
        const count = LABELED_SIGNAL_CASES.filter((labeled) => labeled.language === language)
          .flatMap((labeled) => labeled.expected)
          .filter((signal) => signal.type === type && signal.source === "user").length;
        expect(count, `${type} in ${language}`).toBeGreaterThanOrEqual(3);
      }
    }
    expect(labels.filter((signal) => signal.source === "execution").length).toBeGreaterThanOrEqual(10);
    expect(labels.filter((signal) => signal.source === "assistant_self_check").length).toBeGreaterThanOrEqual(
      5,
    );
    expect(
      LABELED_SIGNAL_CASES.filter((labeled) => labeled.expected.length === 0).length,
    ).toBeGreaterThanOrEqual(20);
    expect(new Set(LABELED_SIGNAL_CASES.map((labeled) => labeled.id)).size).toBe(LABELED_SIGNAL_CASES.length);
  });

  it(`keeps precision ≥ ${PRECISION_FLOOR} and recall ≥ ${RECALL_FLOOR} for every type and source`, () => {
    const lines = [`${"type".padEnd(34)} ${"P".padStart(5)} ${"R".padStart(5)}   tp  fp  fn`];
    for (const [name, counts] of [...rows.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const precision = ratio(counts.truePositives, counts.truePositives + counts.falsePositives);
      const recall = ratio(counts.truePositives, counts.truePositives + counts.falseNegatives);
      lines.push(
        `${name.padEnd(34)} ${precision.toFixed(2).padStart(5)} ${recall.toFixed(2).padStart(5)}  ${String(counts.truePositives).padStart(3)} ${String(counts.falsePositives).padStart(3)} ${String(counts.falseNegatives).padStart(3)}`,
      );
    }
    console.log(`Offline signal rules, ${LABELED_SIGNAL_CASES.length} labelled cases:\n${lines.join("\n")}`);
    if (misses.length > 0) console.log(`Misses:\n${misses.join("\n")}`);
    expect(rows.size).toBe(9);
    for (const [name, counts] of rows) {
      const precision = ratio(counts.truePositives, counts.truePositives + counts.falsePositives);
      const recall = ratio(counts.truePositives, counts.truePositives + counts.falseNegatives);
      expect(precision, `${name} precision`).toBeGreaterThanOrEqual(PRECISION_FLOOR);
      expect(recall, `${name} recall`).toBeGreaterThanOrEqual(RECALL_FLOOR);
    }
  });
});

const user = (content: string): SignalMessage => ({ role: "user", content });
const assistant = (content: string): SignalMessage => ({ role: "assistant", content });

function types(signals: DetectedSignal[]): string[] {
  return signals.map((signal) => `${signal.turn}:${signal.type}/${signal.source}`);
}

describe("detectSignalsOffline", () => {
  it("quotes evidence verbatim from the message that triggered it", () => {
    const messages = [
      user("Set the port."),
      assistant("Set it in config.json."),
      user("Okay.   Not config.json, it's `config.yaml`!  Thanks."),
    ];
    const [signal] = detectSignalsOffline(messages);
    expect(signal?.rule).toBe("explicit-correction");
    expect(signal?.evidence).toBe("Not config.json, it's `config.yaml`!");
    expect(messages[2]?.content).toContain(signal?.evidence);
  });

  it("keeps confidences between 0.5 and 0.95 and honours minConfidence", () => {
    const all = LABELED_SIGNAL_CASES.flatMap((labeled) => detectSignalsOffline(labeled.messages));
    for (const signal of all) {
      expect(signal.confidence).toBeGreaterThanOrEqual(0.5);
      expect(signal.confidence).toBeLessThanOrEqual(0.95);
    }
    const messages = [user("What's the flag for verbose output?"), assistant("Use -v."), user("Thanks!")];
    expect(types(detectSignalsOffline(messages))).toEqual(["2:success/user"]);
    expect(detectSignalsOffline(messages, { minConfidence: 0.6 })).toEqual([]);
  });

  it("gives the same answer when called again (no regex state leaks between calls)", () => {
    const messages = LABELED_SIGNAL_CASES[0]?.messages ?? [];
    expect(detectSignalsOffline(messages)).toEqual(detectSignalsOffline(messages));
  });

  it("ignores empty conversations, blank messages and system messages", () => {
    expect(detectSignalsOffline([])).toEqual([]);
    expect(
      detectSignalsOffline([{ role: "system", content: "You must not use root. That's wrong." }]),
    ).toEqual([]);
    expect(detectSignalsOffline([user("   "), assistant("")])).toEqual([]);
  });

  it("needs an assistant turn before reading a user message as feedback on it", () => {
    expect(detectSignalsOffline([user("It still fails, that's not what I want.")])).toEqual([]);
    expect(detectSignalsOffline([user("Thanks!")])).toEqual([]);
    expect(detectSignalsOffline([user("谢谢")])).toEqual([]);
    const later = detectSignalsOffline([user("Fix it."), assistant("Done."), user("It still fails.")]);
    expect(types(later)).toEqual(["2:reject/user"]);
  });

  it("lets the later of success and reject win in one message", () => {
    const before = [user("测试一直失败。"), assistant("修好了 mock。")];
    expect(types(detectSignalsOffline([...before, user("之前失败了，现在可以了。")]))).toEqual([
      "2:success/user",
    ]);
    expect(types(detectSignalsOffline([...before, user("可以了，但是又报错了。")]))).toEqual([
      "2:reject/user",
    ]);
  });

  it("reads tool output of data tools only through isError", () => {
    const read: SignalMessage = { role: "tool", toolName: "Read", content: "Error: this is file content" };
    expect(detectSignalsOffline([user("Open it."), read])).toEqual([]);
    expect(types(detectSignalsOffline([user("Open it."), { ...read, isError: true }]))).toEqual([
      "1:reject/execution",
    ]);
  });
});

describe("OFFLINE_SIGNAL_RULES", () => {
  it("documents every rule with a unique id, a description and English and Chinese examples", () => {
    const ids = OFFLINE_SIGNAL_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of OFFLINE_SIGNAL_RULES) {
      expect(rule.description.length, rule.id).toBeGreaterThan(40);
      expect(rule.example.en.length, rule.id).toBeGreaterThan(0);
      expect(rule.example.zh, rule.id).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("is described in docs/signal-rules.md", () => {
    const doc = readFileSync(new URL("../../../docs/signal-rules.md", import.meta.url), "utf8");
    for (const rule of OFFLINE_SIGNAL_RULES) expect(doc, rule.id).toContain(`\`${rule.id}\``);
  });

  it("produces every rule's own signal type from some labelled case (weak cues at the graded floor)", () => {
    const fired = new Set(
      LABELED_SIGNAL_CASES.flatMap((labeled) =>
        detectSignalsOffline(labeled.messages, { minConfidence: GRADED_SIGNAL_FLOOR }).map(
          (signal) => signal.rule,
        ),
      ),
    );
    for (const rule of OFFLINE_SIGNAL_RULES) expect(fired, rule.id).toContain(rule.id);
  });
});

describe("corrections spread over two sentences", () => {
  it.each([
    [
      "No, not npm, this is a pnpm workspace. Use pnpm install.",
      "No, not npm, this is a pnpm workspace. Use pnpm install.",
    ],
    [
      "别用 moment，太大了。我更喜欢用 dayjs，项目里已经有了",
      "别用 moment，太大了。我更喜欢用 dayjs，项目里已经有了",
    ],
    [
      "不要用 admin 账号连生产库！查数据只能用只读账号 report_ro",
      "不要用 admin 账号连生产库！查数据只能用只读账号 report_ro",
    ],
  ])("reads a reject that names what to use as a correction: %s", (message, evidence) => {
    const signals = detectSignalsOffline([user("Do the thing."), assistant("Done."), user(message)]);
    const correction = signals.find((signal) => signal.type === "correction");
    expect(correction?.rule).toBe("explicit-correction");
    expect(correction?.evidence).toBe(evidence);
    expect(signals.some((signal) => signal.type === "reject" && signal.source === "user")).toBe(false);
  });

  it.each([
    "It must not run as root. Don't use sudo either.",
    "不能用 root 用户运行开发服务。也不要用 sudo。",
    "Not now. Use your judgement on the naming.",
  ])("leaves two prohibitions, or a 'not' that sets nothing aside, alone: %s", (message) => {
    const signals = detectSignalsOffline([user("Do the thing."), assistant("Done."), user(message)]);
    expect(signals.filter((signal) => signal.type === "correction")).toEqual([]);
  });
});

describe("a constraint on the user's day", () => {
  it("is no constraint on the work: small talk says it", () => {
    const chat = [
      user("日志库换成 zerolog 吧。"),
      assistant("好的。"),
      user("我家猫昨晚把键盘上的 Esc 键抠下来了，今天只能用外接键盘，哈哈。"),
    ];
    expect(detectSignalsOffline(chat).filter((signal) => signal.type === "constraint")).toEqual([]);
    const work = [user("Set up the dev server."), assistant("Done."), user("It must not run as root.")];
    expect(detectSignalsOffline(work).map((signal) => signal.type)).toContain("constraint");
  });
});
