import { basename } from "node:path";
import { ENTRY_AFTER_PAINT_ATTRIBUTE, STORAGE_KEYS } from "@draftroom/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { EARLY_RESPONSES_GLOBAL } from "@/lib/early-response.ts";
import { EARLY_TYPING_GLOBAL, takeEarlyTyping } from "@/lib/early-typing.ts";
import { queryClient } from "@/lib/query-client.ts";
import { signInForTest, stubApi } from "@/test/workspace-fixtures.ts";
import SCRIPT from "./head-ahead.js?raw";
import { HEAD_AHEAD_ROUTES, headAheadConfig, SHELL_AHEAD } from "./head-ahead.ts";
import { preloadScreenAt } from "./router.tsx";

const SESSION = "5f0c2b8e-1d7a-4c11-9d59-0d8a3c7e9b10";
const WORKSPACE = "0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c001";

/** The table with made-up file names: a module's is its own name, a namespace's its language and name. */
const CONFIG = headAheadConfig(
  "/api",
  { entry: "/assets/index.js", shared: ["/assets/app.js", "/assets/screen-data.js"] },
  {
    ofModule: (path) => [`/assets/${basename(path)}.js`],
    ofNamespace: (language, namespace) =>
      namespace === "validation" ? [] : [`/assets/${language}-${namespace}.js`],
  },
);

/** Runs the head's script on a page load of `address`; returns the files it linked and what it fetched. */
function loadPage(address: string) {
  window.history.replaceState(null, "", address);
  const fetched: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      fetched.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
      return Response.json({});
    }),
  );
  new Function(SCRIPT.replace("__HEAD_AHEAD__", JSON.stringify(CONFIG)))();
  const linked = [...document.head.querySelectorAll("link")].map(
    (link) => `${link.rel} ${link.getAttribute("href")}`,
  );
  return { linked, urls: fetched.map((request) => request.url), fetched };
}

afterEach(() => {
  document.head.innerHTML = "";
  localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[EARLY_RESPONSES_GLOBAL];
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("the head's script (app/head-ahead.js)", () => {
  beforeEach(() => localStorage.setItem(STORAGE_KEYS.authToken, "tok"));

  it("asks for a board's code, texts and first data, and the header's, at once", () => {
    const { linked, fetched, urls } = loadPage(`/app/draft/${SESSION}`);
    expect(linked).toEqual([
      "modulepreload /assets/app.js",
      "modulepreload /assets/screen-data.js",
      "modulepreload /assets/DraftSessionPage.tsx.js",
      "modulepreload /assets/session-board.ahead.ts.js",
      ...["drafts", "board", "series", "practice", "share", "collab", "draftPlans"].map(
        (namespace) => `modulepreload /assets/en-${namespace}.js`,
      ),
      "modulepreload /assets/shell.ahead.ts.js",
    ]);
    expect(urls).toEqual([
      "/api/workspaces/",
      "/api/workspaces/current/",
      "/api/subscriptions/",
      `/api/drafts/sessions/${SESSION}/`,
      `/api/drafts/sessions/${SESSION}/actions/`,
      "/api/drafts/champions/",
      "/api/drafts/champions/positions/",
      `/api/items/session/${SESSION}/context/`,
      "/api/data/freshness/",
      `/api/practice/sessions/${SESSION}/lookup/`,
      `/api/draft-plans/live/sessions/${SESSION}/`,
    ]);
    expect(fetched[0]!.headers).toEqual({ Accept: "application/json", Authorization: "Token tok" });
    const early = (window as unknown as Record<string, { token: string; responses: object }>)[
      EARLY_RESPONSES_GLOBAL
    ]!;
    expect(early.token).toBe("tok");
    expect(Object.keys(early.responses)).toEqual(urls);
  });

  it("fills in the chosen workspace, drops it for the personal space, and takes the stored language's texts", () => {
    localStorage.setItem(STORAGE_KEYS.currentWorkspace, WORKSPACE);
    localStorage.setItem(STORAGE_KEYS.language, "es");
    const chosen = loadPage("/app/dashboard/");
    expect(chosen.urls).toContain(`/api/drafts/sessions/?page=1&workspace=${WORKSPACE}`);
    expect(chosen.linked).toContain("modulepreload /assets/es-analytics.js");
    expect(chosen.linked.some((link) => link.includes("/en-"))).toBe(false);

    document.head.innerHTML = "";
    localStorage.removeItem(STORAGE_KEYS.currentWorkspace);
    localStorage.setItem(STORAGE_KEYS.language, "fr");
    const personal = loadPage("/app/dashboard");
    expect(personal.urls).toContain("/api/drafts/sessions/?page=1");
    expect(personal.linked).toContain("modulepreload /assets/en-analytics.js");
  });

  it("puts a route's parameter into a query, and leaves a report whose address has filters to the app", () => {
    expect(loadPage(`/app/workspaces/${WORKSPACE}`).urls).toContain(
      `/api/drafts/sessions/?workspace=${WORKSPACE}`,
    );
    expect(loadPage("/app/scouting/teams/15").urls).toContain("/api/scouting/teams/15/");
    const filtered = loadPage("/app/scouting/teams/15?series=3");
    expect(filtered.urls).toEqual([...SHELL_AHEAD.requests.map((request) => `/api${request}`)]);
    expect(filtered.linked).toContain("modulepreload /assets/TeamReportPage.tsx.js");
  });

  it("signed out: the code only; the landing page: nothing; another screen: the shared code only", () => {
    localStorage.clear();
    const signedOut = loadPage(`/app/draft/${SESSION}`);
    expect(signedOut.urls).toEqual([]);
    expect(signedOut.linked).toContain("modulepreload /assets/DraftSessionPage.tsx.js");
    expect(signedOut.linked).not.toContain("modulepreload /assets/shell.ahead.ts.js");
    expect(window[EARLY_RESPONSES_GLOBAL as keyof Window]).toBeUndefined();

    localStorage.setItem(STORAGE_KEYS.authToken, "tok");
    document.head.innerHTML = "";
    expect(loadPage("/")).toEqual({ linked: [], urls: [], fetched: [] });
    expect(loadPage("/app/series").linked).toEqual([
      "modulepreload /assets/app.js",
      "modulepreload /assets/screen-data.js",
    ]);
    expect(loadPage("/app/series").urls).toEqual([]);
  });

  it("sets up relative-time formatting in the stored language after the page's first frame, signed in only", async () => {
    // After the first frame, once the event loop turns.
    const afterFirstFrame = () =>
      new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    // The earlier tests' page loads set theirs up too: let them first.
    await afterFirstFrame();
    const made: unknown[][] = [];
    class RelativeTimeFormat {
      constructor(...args: unknown[]) {
        made.push(args);
      }
    }
    vi.stubGlobal("Intl", { ...Intl, RelativeTimeFormat });
    localStorage.setItem(STORAGE_KEYS.language, "es");
    loadPage(`/app/draft/${SESSION}`);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(made).toEqual([]);
    await afterFirstFrame();
    expect(made).toEqual([["es", { numeric: "auto" }]]);

    made.length = 0;
    localStorage.removeItem(STORAGE_KEYS.authToken);
    loadPage(`/app/draft/${SESSION}`);
    await afterFirstFrame();
    expect(made).toEqual([]);
  });

  it("never puts anything but a plain identifier into an address", () => {
    const { urls } = loadPage("/app/draft/a%2F..%2Fadmin");
    expect(urls).toEqual([]);
  });
});

describe("the head's script over the server's first paint (decision 076)", () => {
  const afterFirstFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  // The module scripts the head's script adds, kept out of the document (the test runs no file).
  let added: string[] = [];
  const entries = () => added;

  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.authToken, "tok");
    added = [];
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, "appendChild").mockImplementation(<T extends Node>(node: T): T => {
      if (node instanceof HTMLScriptElement && node.type === "module") {
        added.push(node.getAttribute("src") ?? "");
        return node;
      }
      return append(node);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.documentElement.removeAttribute(ENTRY_AFTER_PAINT_ATTRIBUTE);
    document.body.innerHTML = "";
  });

  it("a drawn screen: the entry, the code and the data are asked for after its first frame", async () => {
    document.documentElement.setAttribute(ENTRY_AFTER_PAINT_ATTRIBUTE, "");
    document.body.innerHTML = '<div id="root" inert data-first-paint><main>Drawn</main></div>';
    const page = loadPage(`/app/draft/${SESSION}`);
    expect(page).toEqual({ linked: [], urls: [], fetched: [] });
    expect(entries()).toEqual([]);
    await afterFirstFrame();
    expect(entries()).toEqual(["/assets/index.js"]);
    const linked = [...document.head.querySelectorAll("link")].map((link) => link.getAttribute("href"));
    expect(linked).toContain("/assets/DraftSessionPage.tsx.js");
    expect(window[EARLY_RESPONSES_GLOBAL as keyof Window]).toBeDefined();
  });

  it("a drawn screen in a tab opened in the background (no frame until it is shown): the entry at once", () => {
    document.documentElement.setAttribute(ENTRY_AFTER_PAINT_ATTRIBUTE, "");
    document.body.innerHTML = '<div id="root" inert data-first-paint><main>Drawn</main></div>';
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    loadPage(`/app/draft/${SESSION}`);
    expect(entries()).toEqual(["/assets/index.js"]);
  });

  it("a page the server meant to draw but sent without its screen: the entry at once", () => {
    document.documentElement.setAttribute(ENTRY_AFTER_PAINT_ATTRIBUTE, "");
    document.body.innerHTML = '<div id="root"></div>';
    const { linked } = loadPage(`/app/draft/${SESSION}`);
    expect(entries()).toEqual(["/assets/index.js"]);
    expect(linked).toContain("modulepreload /assets/DraftSessionPage.tsx.js");
  });

  it("a drawn screen keeps the letters typed onto it until the app takes over, and no other key", async () => {
    document.documentElement.setAttribute(ENTRY_AFTER_PAINT_ATTRIBUTE, "");
    document.body.innerHTML = '<div id="root" inert data-first-paint><main>Drawn</main></div>';
    loadPage(`/app/draft/${SESSION}`);
    const press = (key: string, init: KeyboardEventInit = {}) =>
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, ...init }));
    press("k");
    press("Shift");
    press("a", { ctrlKey: true });
    press("a");
    press("ArrowDown");
    expect(takeEarlyTyping()).toBe("ka");
    // The app's first commit lifts `inert`: its own handlers hear the keys from then on.
    document.getElementById("root")?.removeAttribute("inert");
    press("i");
    expect(takeEarlyTyping()).toBe("ka");
    (window as unknown as Record<string, { stop(): void }>)[EARLY_TYPING_GLOBAL]!.stop();
    delete (window as unknown as Record<string, unknown>)[EARLY_TYPING_GLOBAL];
    await afterFirstFrame();
  });

  it("a page without the mark keeps its own entry tag: the script adds none", async () => {
    document.body.innerHTML = '<div id="root" inert data-first-paint></div>';
    loadPage(`/app/draft/${SESSION}`);
    await afterFirstFrame();
    expect(entries()).toEqual([]);
  });
});

describe("the table against the app", () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.authToken, "tok");
    signInForTest({ token: "tok" });
  });
  afterEach(() => {
    queryClient.clear();
    setCurrentWorkspace(null);
  });

  const SAMPLE: Record<string, string> = {
    sessionId: SESSION,
    workspaceId: WORKSPACE,
    teamId: "15",
    planId: "77c59464-7f1b-4e90-8424-c5aaee00f70d",
  };

  for (const route of HEAD_AHEAD_ROUTES) {
    for (const chosen of [WORKSPACE, null]) {
      it(`${route.path}${chosen ? " in a workspace" : " in the personal space"}: the page load asks for every early address`, async () => {
        const address = route.path.replace(/:(\w+)/g, (_, name: string) => SAMPLE[name]!);
        if (chosen) localStorage.setItem(STORAGE_KEYS.currentWorkspace, chosen);
        setCurrentWorkspace(chosen);
        const early = loadPage(address).urls;
        delete (window as unknown as Record<string, unknown>)[EARLY_RESPONSES_GLOBAL];

        const requests = stubApi([]);
        await preloadScreenAt(address);
        await vi.waitFor(() => {
          for (const url of early) expect(requests).toContain(`GET ${url}`);
        });
      });
    }
  }
});
