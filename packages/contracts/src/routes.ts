/** Web app paths. Aliases are listed so every link reading resolves. */
export const ROUTES = {
  home: "/",
  appHome: "/app",
  auth: "/app/auth",
  login: "/app/auth/login",
  register: "/app/auth/register",
  draftList: "/app/draft",
  draftSession: (sessionId: string) => `/app/draft/${sessionId}`,
  publicDraft: (sessionId: string) => `/app/public/draft/${sessionId}`,
  /** A live room; links add `#<token>` (the fragment never reaches the server's logs). */
  room: (roomId: string) => `/app/room/${roomId}`,
  /** A live room without an account (decision 012). */
  quickRoom: "/app/quick-room",
  /** The broadcast overlay of a draft (OBS browser source), by the session's public id. */
  overlay: (sessionId: string) => `/overlay/${sessionId}`,
  dashboard: "/app/dashboard",
  series: "/app/series",
  seriesPage: (seriesId: string) => `/app/series/${seriesId}`,
  publicSeries: (seriesId: string) => `/app/public/series/${seriesId}`,
  analytics: "/app/analytics",
  scouting: "/app/scouting",
  /** A team's scouting report; `seriesId` adds that series' fearless section. */
  scoutingTeam: (teamId: number, seriesId?: string) =>
    `/app/scouting/teams/${teamId}${seriesId ? `?series=${encodeURIComponent(seriesId)}` : ""}`,
  scoutingCompare: (a: number, b: number) => `/app/scouting/compare?a=${a}&b=${b}`,
  data: "/app/data",
  subscriptions: "/app/subscriptions",
  draftPlans: "/app/draft-plans",
  draftPlan: (planId: string) => `/app/draft-plans/${planId}`,
  rosterReviews: "/app/rosters/reviews",
  rosterReviewCreate: "/app/rosters/reviews/create",
  rosterReview: (id: string) => `/app/rosters/reviews/${id}`,
  profile: "/profile",
  help: "/help",
  docs: "/docs",
  faq: "/faq",
  workspaces: "/app/workspaces",
  workspace: (workspaceId: string) => `/app/workspaces/${workspaceId}`,
  /** A workspace's scrim ledger and one scrim (decision 050). */
  scrims: (workspaceId: string) => `/app/workspaces/${workspaceId}/scrims`,
  scrim: (workspaceId: string, scrimId: string) => `/app/workspaces/${workspaceId}/scrims/${scrimId}`,
  invite: (token: string) => `/app/invite/${token}`,
} as const;

export const LOGIN_ALIASES = ["/login", "/auth/login", "/app/auth/login"] as const;
export const REGISTER_ALIASES = ["/register", "/auth/register", "/app/auth/register"] as const;

/**
 * The paths where a signed-out visitor's first paint is the landing page's prerendered shell
 * (index.html's templates, shown by their picker before any module runs). The server leaves the
 * shell out of the page it sends for every other path (decision 072).
 */
export const LANDING_SHELL_PATHS: readonly string[] = [ROUTES.home, ROUTES.appHome, `${ROUTES.appHome}/`];

/** The comments around that shell in the built index.html, where the server finds it. */
export const LANDING_SHELL_MARKERS = { start: "<!--landing-shell-->", end: "<!--/landing-shell-->" } as const;
