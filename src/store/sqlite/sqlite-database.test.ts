import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";
import { openSqliteDatabase, type SqliteDatabase, STATEMENT_CACHE_SIZE } from "./sqlite-database.js";

const tempDir = useTempDir();
const open: SqliteDatabase[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function database(): SqliteDatabase {
  const { db } = openSqliteDatabase({ path: join(tempDir(), "tacit.db") });
  open.push(db);
  db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)");
  return db;
}

describe("a connection's statement cache", () => {
  it("returns the statement already prepared for the same SQL, which runs with each call's parameters", () => {
    const db = database();
    const insert = "INSERT INTO notes (text) VALUES (?)";
    const select = "SELECT text FROM notes WHERE id = ?";
    expect(db.prepare(insert)).toBe(db.prepare(insert));
    db.prepare(insert).run("first");
    db.prepare(insert).run("second");
    expect(db.prepare(select).get(1)).toEqual({ text: "first" });
    expect(db.prepare(select).get(2)).toEqual({ text: "second" });
    expect(db.prepare(select)).toBe(db.prepare(select));
    // better-sqlite3's own statements (pragma, transactions) are not shared with it.
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("journal_mode")).toEqual([{ journal_mode: "wal" }]);
    db.transaction(() => db.prepare(insert).run("third"))();
    expect(db.prepare("SELECT COUNT(*) AS n FROM notes").get()).toEqual({ n: 3 });
  });

  it("keeps at most STATEMENT_CACHE_SIZE statements, the least recently used out first", () => {
    const db = database();
    const sql = (index: number) => `SELECT ${index} AS n`;
    const first = db.prepare(sql(0));
    const second = db.prepare(sql(1));
    for (let index = 2; index < STATEMENT_CACHE_SIZE; index++) db.prepare(sql(index));
    // Used again, so the second becomes the oldest; one more statement pushes it out.
    expect(db.prepare(sql(0))).toBe(first);
    db.prepare(sql(STATEMENT_CACHE_SIZE));
    expect(db.prepare(sql(0))).toBe(first);
    const again = db.prepare(sql(1));
    expect(again).not.toBe(second);
    expect(again.get()).toEqual({ n: 1 });
  });
});
