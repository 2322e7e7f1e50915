import { ERROR_CODES, LANGUAGES, VALIDATION_MESSAGES_EN } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";

type Catalog = { [key: string]: string | Catalog };

const files = import.meta.glob<Catalog>("./*/*.json", { eager: true, import: "default" });

function catalogs(language: string): Map<string, Catalog> {
  const out = new Map<string, Catalog>();
  for (const [path, catalog] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === language) out.set(match[2]!, catalog);
  }
  return out;
}

function keys(catalog: Catalog, prefix = ""): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

/** `{{name}}` placeholders; `count` is left out (a plural form may spell the number as a word). */
function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1]!)
    .filter((name) => name !== "count");
  return [...new Set(names)].sort();
}

function lookup(catalog: Catalog, path: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of path.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

const en = catalogs("en");

describe("locale files", () => {
  it("every language has exactly the English namespaces", () => {
    for (const language of LANGUAGES) {
      expect([...catalogs(language).keys()].sort(), language).toEqual([...en.keys()].sort());
    }
  });

  for (const [namespace, english] of en) {
    it(`namespace "${namespace}" has the same keys, placeholders and no empty strings in every language`, () => {
      for (const language of LANGUAGES) {
        const other = catalogs(language).get(namespace) ?? {};
        const missing = keys(english).filter((key) => lookup(other, key) === undefined);
        const extra = keys(other).filter((key) => lookup(english, key) === undefined);
        expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
        for (const key of keys(english)) {
          const text = lookup(other, key)!;
          expect(text.trim(), `${language}:${namespace}:${key} is empty`).not.toBe("");
          expect(placeholders(text), `${language}:${namespace}:${key} placeholders`).toEqual(
            placeholders(lookup(english, key)!),
          );
        }
      }
    });
  }

  it("translates every validation key and every API error code", () => {
    for (const language of LANGUAGES) {
      const validation = catalogs(language).get("validation") ?? {};
      const errors = catalogs(language).get("errors") ?? {};
      for (const key of Object.keys(VALIDATION_MESSAGES_EN))
        expect(lookup(validation, key), key).toBeTruthy();
      for (const code of ERROR_CODES) expect(lookup(errors, `codes.${code}`), code).toBeTruthy();
    }
  });

  it("English validation texts match the contract's English messages", () => {
    const validation = en.get("validation") ?? {};
    for (const [key, text] of Object.entries(VALIDATION_MESSAGES_EN))
      expect(lookup(validation, key)).toBe(text);
  });
});
