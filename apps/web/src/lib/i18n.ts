import { DEFAULT_LANGUAGE, LANGUAGES, type Language, STORAGE_KEYS } from "@draftroom/contracts";
import i18n, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import { syncFirstPaintCookie } from "./first-paint-cookie.ts";
import { storage } from "./storage.ts";

type Catalog = Record<string, unknown>;
/** A language's catalogs by file (`./<language>/<namespace>.json`), as `texts.<language>.ts` has them. */
type Texts = Record<string, Catalog>;

/**
 * Each language's texts, every namespace in one module and chunk (`locales/texts.<language>.ts`),
 * loaded when the language first needs a namespace outside the startup ones. With a file per
 * namespace, a screen's first load asked for each of its namespaces separately (the dashboard for
 * nine), queued on HTTP/1.1's six connections ahead of its API requests; a language's texts are
 * 32-41 KB compressed (decision 074). A feature adds its namespace file and it is found.
 */
const textLoaders = import.meta.glob<Texts>("../locales/texts.*.ts", { import: "default" });

/**
 * What the first paint needs (the shell, error screens, the landing page and its demo board),
 * shipped with the entry in English so the default language renders without a chunk round trip.
 * Other languages load these from their language's chunk before the first render (`i18nReady`).
 */
export const STARTUP_NAMESPACES = ["common", "errors", "auth", "board", "landing"] as const;
const bundled = import.meta.glob<Catalog>(
  [
    "../locales/en/common.json",
    "../locales/en/errors.json",
    "../locales/en/auth.json",
    "../locales/en/board.json",
    "../locales/en/landing.json",
  ],
  { eager: true, import: "default" },
);

function fileOf(language: string, namespace: string): string {
  return `./${language}/${namespace}.json`;
}

function textsOf(language: string): Promise<Texts> {
  const load = textLoaders[`../locales/texts.${language}.ts`];
  return load ? load() : Promise.resolve({});
}

const startupResources: Record<string, Record<string, Catalog>> = { [DEFAULT_LANGUAGE]: {} };
for (const namespace of STARTUP_NAMESPACES) {
  const catalog = bundled[`../locales/${DEFAULT_LANGUAGE}/${namespace}.json`];
  if (catalog) startupResources[DEFAULT_LANGUAGE]![namespace] = catalog;
}

/** i18next backend over the languages' chunks: a language's texts load when first needed. */
const chunkBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    textsOf(language).then(
      (texts) => callback(null, texts[fileOf(language, namespace)] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function initialLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Resolves once the startup namespaces of the initial language are in (at once in English). */
export const i18nReady: Promise<unknown> = i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    resources: startupResources,
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...STARTUP_NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });

/**
 * Loads namespaces (for the current language and its fallback) before a screen renders, e.g. from
 * a lazy route. Later language switches load them for the new language too.
 */
export function loadNamespaces(...list: string[]): Promise<void> {
  const missing = list.filter((namespace) => !i18n.hasLoadedNamespace(namespace));
  if (missing.length === 0) return Promise.resolve();
  return i18n.loadNamespaces(missing).catch(() => undefined);
}

/** Every namespace in every language (tests render any screen synchronously). */
export async function loadAllLanguages(): Promise<void> {
  const namespaces = new Set<string>();
  for (const language of LANGUAGES) {
    for (const [file, catalog] of Object.entries(await textsOf(language))) {
      const namespace = /\/([^/]+)\.json$/.exec(file)?.[1];
      if (!namespace) continue;
      namespaces.add(namespace);
      if (!i18n.hasResourceBundle(language, namespace))
        i18n.addResourceBundle(language, namespace, catalog, true, true);
    }
  }
  await i18n.loadNamespaces([...namespaces]);
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== "undefined") document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on("languageChanged", syncDocumentLanguage);

/** Switches the interface language (its files load on demand) and remembers it on this device. */
export async function changeLanguage(language: Language): Promise<void> {
  storage.set(STORAGE_KEYS.language, language);
  syncFirstPaintCookie();
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export default i18n;
