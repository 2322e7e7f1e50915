import {
  DEFAULT_LANGUAGE,
  ENTRY_AFTER_PAINT_ATTRIBUTE,
  FIRST_PAINT_ROOT_ATTRIBUTE,
  LANGUAGES,
  STORAGE_KEYS,
} from "@draftroom/contracts/constants";
import { EARLY_RESPONSES_GLOBAL } from "@/lib/early-response.ts";
import { EARLY_TYPING_GLOBAL } from "@/lib/early-typing.ts";

/**
 * What a page load of a main screen asks for from the page's head, before the app's code has
 * arrived (app/head-ahead.js, inlined by the build; decisions 063 and 067): the screen's code, its
 * texts and its first API requests. On this machine the entry takes 150-250 ms to arrive and run;
 * a screen asked for its own code only after that, and for its data after its code had run. Asked
 * from the head, both arrive while the entry runs. The app's own import of a file finds it loaded,
 * and its API client takes each early response when it asks for the same address
 * (lib/early-response.ts) instead of asking again.
 *
 * A request is written as the app's API client builds it, relative to the API's base:
 * - `:name` in the path, or as a query value, is the route's parameter of that name;
 * - `$workspace` as a query value is the workspace this browser has chosen (empty: the personal
 *   space); a query parameter left empty is dropped, as `buildUrl` drops it.
 * Only what the screen asks for first and surely, whatever the member's rights: a request the app
 * would not make is a request for nothing. A test checks the table against the app: each screen's
 * page-load code asks for every address listed.
 */
export interface HeadAheadRoute {
  /** The route's pattern, as app/router.tsx writes it. */
  path: string;
  /** The screen's module and the module it asks for its data with (`*.ahead.ts`), under src/. */
  code: readonly string[];
  /** The screen's locale namespaces: the router's `lazyPage` takes them from here (`screenNamespaces`). */
  namespaces: readonly string[];
  requests: readonly string[];
  /**
   * The screen reads its filters from the page's query string: its requests go early only when
   * the page's address has none.
   */
  withoutSearch?: boolean;
}

/** What the header reads on every signed-in screen, and its module (app/layout/shell.ahead.ts). */
export const SHELL_AHEAD = {
  code: ["app/layout/shell.ahead.ts"],
  requests: ["/workspaces/", "/workspaces/current/", "/subscriptions/"],
} as const;

const SESSIONS_LIST = ["/drafts/sessions/?page=1&workspace=$workspace", "/drafts/leagues/", "/drafts/teams/"];

export const HEAD_AHEAD_ROUTES: readonly HeadAheadRoute[] = [
  {
    path: "/app/dashboard",
    code: ["app/DashboardPage.tsx", "app/dashboard.ahead.ts"],
    namespaces: [
      "analytics",
      "drafts",
      "board",
      "subscriptions",
      "series",
      "practice",
      "workspaces",
      "share",
      "collab",
      "validation",
    ],
    requests: SESSIONS_LIST,
  },
  {
    path: "/app/draft",
    code: ["features/drafts/SessionsListPage.tsx", "features/drafts/sessions-list.ahead.ts"],
    namespaces: ["drafts", "board", "series", "practice", "share", "collab", "validation"],
    requests: SESSIONS_LIST,
  },
  {
    path: "/app/draft/:sessionId",
    code: ["features/drafts/DraftSessionPage.tsx", "features/drafts/session-board.ahead.ts"],
    // The board's panels too (sharing, comments, the followed plan): asked for with its code, not
    // after its data.
    namespaces: ["drafts", "board", "series", "practice", "share", "collab", "draftPlans", "validation"],
    requests: [
      "/drafts/sessions/:sessionId/",
      "/drafts/sessions/:sessionId/actions/",
      "/drafts/champions/",
      "/drafts/champions/positions/",
      "/items/session/:sessionId/context/",
      "/data/freshness/",
      "/practice/sessions/:sessionId/lookup/",
      "/draft-plans/live/sessions/:sessionId/",
    ],
  },
  {
    path: "/app/workspaces/:workspaceId",
    code: ["features/workspaces/WorkspacePage.tsx", "features/workspaces/workspace.ahead.ts"],
    namespaces: ["workspaces", "collab"],
    requests: [
      "/workspaces/:workspaceId/",
      "/workspaces/:workspaceId/members/",
      "/drafts/sessions/?workspace=:workspaceId",
      "/draft-plans/?workspace_id=:workspaceId",
      "/workspaces/:workspaceId/activity/",
      "/mentions/",
      "/drafts/leagues/",
      "/drafts/teams/",
    ],
  },
  {
    path: "/app/workspaces/:workspaceId/pools",
    code: ["features/workspaces/PoolsPage.tsx", "features/workspaces/pools.ahead.ts"],
    namespaces: ["workspaces", "scrims"],
    requests: [
      "/workspaces/:workspaceId/",
      "/workspaces/:workspaceId/roster/",
      "/workspaces/:workspaceId/roster/records/",
      "/workspaces/:workspaceId/priorities/",
      "/drafts/champions/",
    ],
  },
  {
    path: "/app/scouting/teams/:teamId",
    code: ["features/scouting/TeamReportPage.tsx", "features/scouting/report.ahead.ts"],
    namespaces: ["scouting", "scrims"],
    requests: ["/scouting/teams/:teamId/?workspace=$workspace", "/data/freshness/"],
    withoutSearch: true,
  },
  {
    path: "/app/draft-plans",
    code: ["features/draft-plans/DraftPlansPage.tsx", "features/draft-plans/plans-list.ahead.ts"],
    namespaces: ["draftPlans", "collab"],
    requests: ["/draft-plans/?workspace_id=$workspace", "/drafts/champions/"],
    withoutSearch: true,
  },
  {
    path: "/app/draft-plans/:planId",
    code: ["features/draft-plans/DraftPlanEditorPage.tsx", "features/draft-plans/plan-editor.ahead.ts"],
    namespaces: ["draftPlans", "validation", "scrims"],
    requests: [
      "/draft-plans/:planId/",
      "/drafts/champions/",
      "/items/plan/:planId/context/",
      "/scouting/teams/",
      "/draft-plans/:planId/scrims/",
    ],
  },
  {
    path: "/app/data",
    code: ["features/data/DataPage.tsx", "features/data/data.ahead.ts"],
    namespaces: ["data"],
    requests: ["/matches/summary/"],
  },
];

/** A main screen's locale namespaces, for the router's `lazyPage`: one list for it and the head. */
export function screenNamespaces(path: string): string[] {
  const route = HEAD_AHEAD_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`screenNamespaces: no main screen at ${path} in app/head-ahead.ts`);
  return [...route.namespaces];
}

/** The files of a module or a locale namespace in the build (vite.config.ts). */
export interface BuiltFiles {
  /** The chunk files (and stylesheets) a module's import loads, the shared ones left out. */
  ofModule(path: string): string[];
  /** The chunk file of a namespace's texts in a language, if it is not in the entry. */
  ofNamespace(language: string, namespace: string): string[];
}

/** The built page's scripts: its entry, and the chunks every screen shares. */
export interface PageScripts {
  entry: string;
  shared: readonly string[];
}

/** What the build fills into app/head-ahead.js. */
export function headAheadConfig(apiBase: string, { entry, shared }: PageScripts, built: BuiltFiles) {
  const unique = (files: string[]) => [...new Set(files)];
  return {
    apiBase,
    entry,
    entryAfterPaint: ENTRY_AFTER_PAINT_ATTRIBUTE,
    firstPaintRoot: FIRST_PAINT_ROOT_ATTRIBUTE,
    global: EARLY_RESPONSES_GLOBAL,
    typed: EARLY_TYPING_GLOBAL,
    tokenKey: STORAGE_KEYS.authToken,
    workspaceKey: STORAGE_KEYS.currentWorkspace,
    languageKey: STORAGE_KEYS.language,
    languages: LANGUAGES,
    defaultLanguage: DEFAULT_LANGUAGE,
    shared,
    shell: { code: unique(SHELL_AHEAD.code.flatMap(built.ofModule)), requests: SHELL_AHEAD.requests },
    routes: HEAD_AHEAD_ROUTES.map((route) => ({
      path: route.path,
      withoutSearch: route.withoutSearch === true,
      code: unique(route.code.flatMap(built.ofModule)),
      texts: Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          unique(route.namespaces.flatMap((namespace) => built.ofNamespace(language, namespace))),
        ]),
      ),
      requests: route.requests,
    })),
  };
}
