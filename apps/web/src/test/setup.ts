// Shared setup for the web app's component tests (happy-dom), run before each test file: every
// locale namespace in every language is loaded up front (the app loads them per route), so
// components render their texts synchronously; and the page is put back as a fresh one would be.
// jest-dom's matchers (toBeVisible, toHaveTextContent, ...) let a test say what the user sees
// instead of `expect(getBy…).toBeTruthy()`, which can never fail.
import "@testing-library/jest-dom/vitest";
import { DEFAULT_LANGUAGE } from "@draftroom/contracts";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, vi } from "vitest";
import { toastStore } from "@/components/ui/toast-store.ts";
import { publishPlanIntent } from "@/features/drafts/plan/plan-intent.ts";
import { authStore } from "@/lib/auth.ts";
import { setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { setDisplayTimeZone } from "@/lib/format.ts";
import i18n, { loadAllLanguages } from "@/lib/i18n.ts";
import { themeStore } from "@/lib/theme.ts";

await loadAllLanguages();

// The "web" project runs its files one after another in one page and one module graph
// (vitest.config.ts, isolate: false): what the previous file left (a tree it did not unmount,
// storage, cookies, the language, the address, the root element's theme and language, and the
// app-wide stores: who is signed in, the theme, toasts, the chosen workspace, the plan's mark, the
// display time zone) is put back here as the first file found it, so each file starts where an
// isolated one would. Within a file, tests share the page as before.
interface PristinePage {
  href: string;
  root: [string, string][];
  auth: ReturnType<typeof authStore.get>;
  theme: ReturnType<typeof themeStore.get>;
}
const scope = globalThis as typeof globalThis & { __draftroomPristinePage?: PristinePage };
scope.__draftroomPristinePage ??= {
  href: window.location.href,
  root: [...document.documentElement.attributes].map((attribute) => [attribute.name, attribute.value]),
  auth: authStore.get(),
  theme: themeStore.get(),
};
const pristine = scope.__draftroomPristinePage;
cleanup();
document.head.replaceChildren();
document.body.replaceChildren();
for (const attribute of [...document.body.attributes]) document.body.removeAttribute(attribute.name);
document.title = "";
for (const attribute of [...document.documentElement.attributes])
  document.documentElement.removeAttribute(attribute.name);
for (const [name, value] of pristine.root) document.documentElement.setAttribute(name, value);
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(";")) {
  const name = cookie.split("=")[0]?.trim();
  // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API, and the app writes its cookie this way
  if (name) document.cookie = `${name}=; max-age=0; path=/`;
}
if (window.location.href !== pristine.href) window.history.replaceState(null, "", pristine.href);
authStore.set(pristine.auth);
themeStore.set(pristine.theme);
toastStore.set([]);
setCurrentWorkspace(null);
publishPlanIntent(null);
setDisplayTimeZone(null);
if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);

// `findBy…` and `waitFor` give up after 1 s by default, which a render on two busy cores can take
// (seen: DataSourcesCard's first heading missed while the suite ran beside the server tests). A
// passing test never waits this budget out; only a broken one spends it.
configure({ asyncUtilTimeout: 4000 });

// A file ends only once the code it started loading on demand has loaded (a chart, a screen, a
// menu: an `import()` that a render or a preload starts and no test waits for). The files share one
// module graph per worker (vitest.config.ts), and in `npm test` each file is a run of its own on
// that worker: an import still on its way when a file's run closes is cut off, stays failed in the
// graph, and a later file that imports the module fails to load. Seen once in CI:
// CompactPerDayChart.test.tsx "did not load", its chart's import started by AnalyticsSummary's first
// test and cut off as that file ended. Without this wait, such an import resolves during the next
// file; with it, inside its own.
afterAll(() => vi.dynamicImportSettled());
