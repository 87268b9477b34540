import { describe, expect, it } from "vitest";
import { nameFact, portFact, wrapperFact } from "./stated-facts.js";

const port = (sentence: string, zh = false) => portFact(sentence, sentence, "", zh);

describe("stated facts about a project's services and tools", () => {
  it("reads a host and port", () => {
    expect(port("fyi the test db is on 10.20.1.7:5433, use the ledger_ro account for reads.")).toEqual({
      rule: "The test db is at 10.20.1.7:5433",
      trigger: "Connecting to the test db",
    });
    // What else the connection needs, said in the same sentence, stays with the fact.
    expect(port("我们的测试库在 10.3.2.8:3307，账号用 hl_reader。", true)?.rule).toBe(
      "我们的测试库在 10.3.2.8:3307，账号用 hl_reader",
    );
  });

  it("reads a port said to be other than the default", () => {
    expect(port("咱们这边 clickhouse 不是默认端口，走的 9440。", true)).toEqual({
      rule: "咱们这边 clickhouse 在 9440 端口",
      trigger: "连接咱们这边 clickhouse",
    });
  });

  it("reads a tool of the project that wraps another", () => {
    const found = wrapperFact(
      "quick note, ./bin/dcw wraps docker compose here, it loads the right env files.",
      false,
      () => "Running containers",
    );
    expect(found).toEqual({ rule: "`./bin/dcw` wraps docker compose here", trigger: "Running containers" });
    expect(wrapperFact("this function wraps the error", false, () => "x")).toBeNull();
  });
});

describe("nameFact", () => {
  it("reads what a thing of the project's machines is called, with the clauses that say where", () => {
    expect(nameFact("this box is CentOS, the service is called mysqld")).toBe(
      "This box is CentOS, the service is called mysqld",
    );
    expect(nameFact("这台是 CentOS，服务名就叫 mysqld")).toBe("这台是 CentOS，服务名就叫 mysqld");
    expect(nameFact("the db container is named crm-db")).toBe("The db container is named `crm-db`");
    // Not a name in the code, nor anything else's.
    expect(nameFact("the function is called parseDate")).toBeNull();
    expect(nameFact("这个函数叫 parseDate")).toBeNull();
    expect(nameFact("我们发布都走 helmfile，测试环境就是 helmfile -e staging apply")).toBeNull();
    expect(nameFact("my dog is called Rex")).toBeNull();
  });
});
