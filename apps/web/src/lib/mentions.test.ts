import { describe, expect, it } from "vitest";
import { insertMention, mentionAt, mentionMatches, splitMentions } from "./mentions.ts";

describe("mentions", () => {
  it("finds the @name typed before the caret, not an address", () => {
    expect(mentionAt("hey @ze", 7)).toEqual({ start: 4, query: "ze" });
    expect(mentionAt("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionAt("mail a@b", 8)).toBeNull();
    expect(mentionAt("hey @ze now", 11)).toBeNull();
  });

  it("inserts the chosen username and puts the caret after it", () => {
    expect(insertMention("hey @ze!", 4, 7, "zeus")).toEqual({ text: "hey @zeus !", caret: 10 });
  });

  it("marks only mentioned members, keeping the rest as text", () => {
    expect(splitMentions("hi @Zeus and @nobody, @zeus.", ["zeus"])).toEqual([
      { kind: "text", text: "hi " },
      { kind: "mention", text: "@Zeus" },
      { kind: "text", text: " and @nobody, " },
      { kind: "mention", text: "@zeus" },
      { kind: "text", text: "." },
    ]);
  });

  it("offers a member by username or by any word of their name, without case or accents", () => {
    const ana = { username: "xq_7", name: "Ana Pérez" };
    expect(mentionMatches(ana, "xq")).toBe(true);
    expect(mentionMatches(ana, "ana")).toBe(true);
    expect(mentionMatches(ana, "PERE")).toBe(true);
    expect(mentionMatches(ana, "pér")).toBe(true);
    expect(mentionMatches(ana, "rez")).toBe(false);
    expect(mentionMatches({ username: "zeus", name: null }, "an")).toBe(false);
    expect(mentionMatches({ username: "zeus", name: null }, "")).toBe(true);
  });
});
