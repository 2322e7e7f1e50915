import { RECOMMEND_REASON_KEYS } from "@draftroom/draft";
import { describe, expect, it } from "vitest";
import en from "@/locales/en/drafts.json";
import es from "@/locales/es/drafts.json";

/** The wording of `recommend.reason.x` in a drafts locale: the key itself or its plural forms. */
function wording(locale: Record<string, unknown>, key: string): string[] {
  const [, group, name] = key.split(".") as [string, string, string];
  const section = (locale.recommend as Record<string, Record<string, string>>)[group] ?? {};
  return [section[name], section[`${name}_one`], section[`${name}_other`]].filter(
    (text): text is string => typeof text === "string" && text.length > 0,
  );
}

describe("recommendation reason wording", () => {
  it("has English and Spanish text for every key the engine can emit", () => {
    for (const key of RECOMMEND_REASON_KEYS) {
      // no_priorities is rendered by the panel itself (a call to action with a link)
      if (key === "recommend.summary.no_priorities") continue;
      expect(wording(en, key), `${key} (en)`).not.toEqual([]);
      expect(wording(es, key), `${key} (es)`).not.toEqual([]);
    }
  });

  it("words the new draft-thinking reasons with their params", () => {
    expect(wording(en, "recommend.reason.comfort_pick")).toEqual(["Comfort pick for {{player}}"]);
    expect(wording(es, "recommend.reason.flex")[0]).toContain("{{other_position}}");
    expect(wording(en, "recommend.reason.answers")[1]).toContain("{{wins}} of {{count}}");
  });

  it("labels the team's own games as our scrims, with the record they rest on (decision 058)", () => {
    for (const text of wording(en, "recommend.reason.ledger_picks")) {
      expect(text).toContain("Our scrims");
      expect(text).toContain("{{wins}}-{{losses}}");
    }
    for (const text of wording(es, "recommend.reason.ledger_picks")) {
      expect(text).toContain("Nuestros scrims");
      expect(text).toContain("{{wins}}-{{losses}}");
    }
    expect(wording(en, "recommend.summary.team_ledger")[1]).toContain("Our scrims");
  });
});
