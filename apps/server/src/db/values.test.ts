import { describe, expect, it } from "vitest";
import {
  fromJson,
  isForeignKeyViolation,
  isUniqueViolation,
  jsonEquals,
  toBool,
  toCount,
  toIso,
  toIsoOrNull,
} from "./values.ts";

describe("dialect value helpers", () => {
  it("reads booleans from SQLite integers and PostgreSQL booleans", () => {
    expect([toBool(1), toBool(0), toBool(true), toBool(false), toBool("t"), toBool(null)]).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it("normalises timestamps to ISO-8601 UTC with milliseconds", () => {
    expect(toIso(new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6)))).toBe("2025-01-02T03:04:05.006Z");
    expect(toIso("2025-01-02 03:04:05")).toBe("2025-01-02T03:04:05.000Z");
    expect(toIso("2025-01-02T03:04:05.006Z")).toBe("2025-01-02T03:04:05.006Z");
    expect(toIsoOrNull(null)).toBeNull();
    expect(() => toIso("not a date")).toThrow(TypeError);
  });

  it("reads JSON from text or parsed objects, and compares ignoring key order", () => {
    expect(fromJson<string[]>('["Mage"]')).toEqual(["Mage"]);
    expect(fromJson({ a: 1 })).toEqual({ a: 1 });
    expect(jsonEquals('{"b":1,"a":[1,{"d":2,"c":3}]}', { a: [1, { c: 3, d: 2 }], b: 1 })).toBe(true);
    expect(jsonEquals({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });

  it("reads counts given as strings or bigints", () => {
    expect([toCount("12"), toCount(3n), toCount(null)]).toEqual([12, 3, 0]);
  });

  it("recognises unique and foreign-key violations of both drivers", () => {
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    expect(isUniqueViolation({ code: "SQLITE_CONSTRAINT_UNIQUE" })).toBe(true);
    expect(isUniqueViolation({ code: "23503" })).toBe(false);
    expect(isForeignKeyViolation({ code: "SQLITE_CONSTRAINT_FOREIGNKEY" })).toBe(true);
    expect(isUniqueViolation(new Error("x"))).toBe(false);
  });
});
