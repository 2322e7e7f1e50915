import { LOGIN_ALIASES, REGISTER_ALIASES, ROUTES } from "@draftroom/contracts";
import { isValidElement, Suspense, useEffect } from "react";
import {
  BrowserRouter,
  matchRoutes,
  Navigate,
  type NavigateFunction,
  type NavigateOptions,
  Outlet,
  type RouteObject,
  useLocation,
  useNavigate,
  useRoutes,
} from "react-router";
import { FullScreenSpinner } from "@/components/ui/Spinner.tsx";
import { LandingFooter } from "@/features/landing/components/LandingFooter.tsx";
// The landing page ships with the entry: it is the first paint of most visits (no chunk waterfall).
import LandingPage from "@/features/landing/LandingPage.tsx";
import { setUnauthorizedHandler } from "@/lib/api.ts";
import { authStore, clearSession, SESSION_EXPIRED } from "@/lib/auth.ts";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { screenNamespaces } from "./head-ahead.ts";
import { AppLayout } from "./layout/AppLayout.tsx";
import { isLazyPage, lazyPage } from "./lazy-page.ts";
import { GuestOnly, RequireAuth } from "./RouteGuards.tsx";
import { useScrollRestoration } from "./scroll-restoration.ts";

// Every other screen is its own chunk. The main screens' texts are named once, in app/head-ahead.ts,
// whose table a page load's head reads too.
const DashboardPage = lazyPage(
  () => import("./DashboardPage.tsx"),
  screenNamespaces("/app/dashboard"),
  () => import("./dashboard.ahead.ts"),
);
const SessionsListPage = lazyPage(
  () => import("@/features/drafts/SessionsListPage.tsx"),
  screenNamespaces("/app/draft"),
  () => import("@/features/drafts/sessions-list.ahead.ts"),
);
const DraftSessionPage = lazyPage(
  () => import("@/features/drafts/DraftSessionPage.tsx"),
  screenNamespaces("/app/draft/:sessionId"),
  () => import("@/features/drafts/session-board.ahead.ts"),
);
const SeriesListPage = lazyPage(
  () => import("@/features/series/SeriesListPage.tsx"),
  ["series", "drafts", "validation"],
);
const SeriesPage = lazyPage(() => import("@/features/series/SeriesPage.tsx"), ["series", "drafts", "board"]);
const PublicSeriesPage = lazyPage(
  () => import("@/features/series/PublicSeriesPage.tsx"),
  ["series", "drafts", "board"],
);
const RoomPage = lazyPage(
  () => import("@/features/drafts/RoomPage.tsx"),
  ["drafts", "board", "series", "practice", "room"],
);
const QuickRoomPage = lazyPage(() => import("@/features/drafts/QuickRoomPage.tsx"), ["drafts"]);
const PublicDraftPage = lazyPage(
  () => import("@/features/drafts/PublicDraftPage.tsx"),
  ["drafts", "board", "practice"],
);
const TeamPrioritiesPage = lazyPage(
  () => import("@/features/drafts/TeamPrioritiesPage.tsx"),
  ["drafts", "practice"],
);
const SubscriptionsPage = lazyPage(
  () => import("@/features/subscriptions/SubscriptionsPage.tsx"),
  ["subscriptions"],
);
const AnalyticsPage = lazyPage(() => import("@/features/analytics/AnalyticsPage.tsx"), ["analytics"]);
const ScoutingPage = lazyPage(() => import("@/features/scouting/ScoutingPage.tsx"), ["scouting"]);
const ScoutingTeamPage = lazyPage(
  () => import("@/features/scouting/TeamReportPage.tsx"),
  screenNamespaces("/app/scouting/teams/:teamId"),
  () => import("@/features/scouting/report.ahead.ts"),
);
const ScoutingComparePage = lazyPage(() => import("@/features/scouting/ComparePage.tsx"), ["scouting"]);
const DraftPlansPage = lazyPage(
  () => import("@/features/draft-plans/DraftPlansPage.tsx"),
  screenNamespaces("/app/draft-plans"),
  () => import("@/features/draft-plans/plans-list.ahead.ts"),
);
const DraftPlanEditorPage = lazyPage(
  () => import("@/features/draft-plans/DraftPlanEditorPage.tsx"),
  screenNamespaces("/app/draft-plans/:planId"),
  () => import("@/features/draft-plans/plan-editor.ahead.ts"),
);
const DataPage = lazyPage(
  () => import("@/features/data/DataPage.tsx"),
  screenNamespaces("/app/data"),
  () => import("@/features/data/data.ahead.ts"),
);
const ReviewsListPage = lazyPage(() => import("@/features/reviews/ReviewsListPage.tsx"), ["reviews"]);
const ReviewCreatePage = lazyPage(
  () => import("@/features/reviews/ReviewCreatePage.tsx"),
  ["reviews", "validation"],
);
const ReviewDetailPage = lazyPage(
  () => import("@/features/reviews/ReviewDetailPage.tsx"),
  ["reviews", "validation"],
);
const LoginPage = lazyPage(() => import("@/features/auth/LoginPage.tsx"), ["validation"]);
const RegisterPage = lazyPage(() => import("@/features/auth/RegisterPage.tsx"), ["validation"]);
const ProfilePage = lazyPage(() => import("@/features/profile/ProfilePage.tsx"), ["profile", "validation"]);
const HelpPage = lazyPage(() => import("@/features/help/HelpPage.tsx"), ["help"]);
const DocsPage = lazyPage(() => import("@/features/help/DocsPage.tsx"), ["help"]);
const FaqPage = lazyPage(() => import("@/features/help/FaqPage.tsx"), ["help"]);
const WorkspacesPage = lazyPage(
  () => import("@/features/workspaces/WorkspacesPage.tsx"),
  ["workspaces", "validation"],
);
const WorkspacePage = lazyPage(
  () => import("@/features/workspaces/WorkspacePage.tsx"),
  screenNamespaces("/app/workspaces/:workspaceId"),
  () => import("@/features/workspaces/workspace.ahead.ts"),
);
const InvitePage = lazyPage(() => import("@/features/workspaces/InvitePage.tsx"), ["workspaces"]);
const PoolsPage = lazyPage(
  () => import("@/features/workspaces/PoolsPage.tsx"),
  screenNamespaces("/app/workspaces/:workspaceId/pools"),
  () => import("@/features/workspaces/pools.ahead.ts"),
);
const ScrimsPage = lazyPage(() => import("@/features/scrims/ScrimsPage.tsx"), ["scrims", "validation"]);
const ScrimPage = lazyPage(
  () => import("@/features/scrims/ScrimPage.tsx"),
  ["scrims", "validation", "collab"],
);
const ScrimAnalyticsPage = lazyPage(() => import("@/features/scrims/ScrimAnalyticsPage.tsx"), ["scrims"]);
const IntegrationsPage = lazyPage(
  () => import("@/features/integrations/IntegrationsPage.tsx"),
  ["integrations", "validation"],
);
const NotFoundPage = lazyPage(() => import("@/features/errors/NotFoundPage.tsx"));
// The broadcast overlay: its own small chunk, no app header or footer (a streaming browser source).
const OverlayPage = lazyPage(() => import("@/features/drafts/overlay/OverlayPage.tsx"), ["drafts"]);

/** Root: scroll restoration and a last-resort boundary around every layout. */
function Root() {
  const { pathname } = useLocation();
  useScrollRestoration();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}

/** Login/register render full-screen (their own split layout), outside the app header. */
function AuthOutlet() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** The broadcast overlay: nothing around it, nothing painted while its chunk loads (transparent). */
function BareOutlet() {
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <AppLayout footer={<LandingFooter />} />,
        children: [
          { path: ROUTES.home, element: <LandingPage /> },
          { path: ROUTES.appHome, element: <LandingPage /> },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { path: "/app/public/draft/:sessionId", element: <PublicDraftPage /> },
          { path: "/app/public/series/:seriesId", element: <PublicSeriesPage /> },
          { path: "/app/room/:roomId", element: <RoomPage /> },
          { path: ROUTES.quickRoom, element: <QuickRoomPage /> },
          { path: ROUTES.help, element: <HelpPage /> },
          { path: ROUTES.docs, element: <DocsPage /> },
          { path: ROUTES.faq, element: <FaqPage /> },
          { path: "/app/invite/:token", element: <InvitePage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: ROUTES.dashboard, element: <DashboardPage /> },
              { path: ROUTES.draftList, element: <SessionsListPage /> },
              { path: "/app/draft/:sessionId", element: <DraftSessionPage /> },
              { path: ROUTES.series, element: <SeriesListPage /> },
              { path: "/app/series/:seriesId", element: <SeriesPage /> },
              { path: "/app/teams/:teamId/priorities", element: <TeamPrioritiesPage /> },
              { path: ROUTES.subscriptions, element: <SubscriptionsPage /> },
              { path: ROUTES.analytics, element: <AnalyticsPage /> },
              { path: ROUTES.data, element: <DataPage /> },
              { path: ROUTES.draftPlans, element: <DraftPlansPage /> },
              { path: "/app/draft-plans/:planId", element: <DraftPlanEditorPage /> },
              { path: ROUTES.scouting, element: <ScoutingPage /> },
              { path: "/app/scouting/teams/:teamId", element: <ScoutingTeamPage /> },
              { path: "/app/scouting/compare", element: <ScoutingComparePage /> },
              { path: ROUTES.rosterReviews, element: <ReviewsListPage /> },
              { path: ROUTES.rosterReviewCreate, element: <ReviewCreatePage /> },
              { path: "/app/rosters/reviews/:id", element: <ReviewDetailPage /> },
              { path: ROUTES.profile, element: <ProfilePage /> },
              { path: ROUTES.workspaces, element: <WorkspacesPage /> },
              { path: "/app/workspaces/:workspaceId", element: <WorkspacePage /> },
              { path: "/app/workspaces/:workspaceId/pools", element: <PoolsPage /> },
              { path: "/app/workspaces/:workspaceId/scrims", element: <ScrimsPage /> },
              { path: "/app/workspaces/:workspaceId/scrims/analytics", element: <ScrimAnalyticsPage /> },
              { path: "/app/workspaces/:workspaceId/scrims/:scrimId", element: <ScrimPage /> },
              { path: "/app/workspaces/:workspaceId/integrations", element: <IntegrationsPage /> },
            ],
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        element: <GuestOnly />,
        children: [
          {
            element: <AuthOutlet />,
            children: [
              ...LOGIN_ALIASES.map((path) => ({ path, element: <LoginPage /> })),
              ...REGISTER_ALIASES.map((path) => ({ path, element: <RegisterPage /> })),
            ],
          },
        ],
      },
      { path: ROUTES.auth, element: <Navigate to={ROUTES.login} replace /> },
      {
        element: <BareOutlet />,
        children: [{ path: "/overlay/:sessionId", element: <OverlayPage /> }],
      },
    ],
  },
];

/**
 * Loads the code of the screen at `address` (a path with its query, as the page's; and of any lazy
 * layout around it) ahead of the first render, with the data the screen asks for first where it
 * says which (lazy-page.ts); settles when both are in or have failed (the screen then reports a
 * failure itself).
 * `withHeader`: settles only once the header's data is in too (see below).
 */
export function preloadScreenAt(address: string, { withHeader = false } = {}): Promise<void> {
  const { pathname, searchParams } = new URL(address, "http://draftroom.invalid");
  const screens = (matchRoutes(routes, pathname) ?? []).flatMap(({ route, params }) =>
    isValidElement(route.element) && isLazyPage(route.element.type)
      ? [{ page: route.element.type, params }]
      : [],
  );
  // The header's data too, on a signed-in load of a screen (never the landing page, which does not
  // load TanStack Query). Not waited for unless asked: the header shows its own placeholders until
  // it is in, except over the server's first paint, whose header already shows it (main.tsx).
  const header =
    screens.length > 0 && authStore.get().isAuthenticated
      ? import("./layout/shell.ahead.ts").then(
          (module) => module.default(),
          () => undefined,
        )
      : undefined;
  return Promise.all([
    ...screens.map(({ page, params }) => page.preload(params, searchParams)),
    withHeader ? header : undefined,
  ]).then(() => undefined);
}

/**
 * Navigation from outside React (the 401 handler): the mounted router's `navigate`, or, before the
 * first commit, the redirect the router applies as soon as it mounts.
 */
let navigateNow: NavigateFunction | null = null;
let pendingRedirect: { to: string; options: NavigateOptions } | null = null;

function redirect(to: string, options: NavigateOptions): void {
  if (navigateNow) void navigateNow(to, options);
  else pendingRedirect = { to, options };
}

/** Any 401 on a signed-in call: session cleared, then the login screen. */
export function installUnauthorizedRedirect(): void {
  setUnauthorizedHandler(() => {
    const { pathname, search, hash } = window.location;
    clearSession(SESSION_EXPIRED);
    if (pathname !== ROUTES.login) {
      redirect(ROUTES.login, { replace: true, state: { from: { pathname, search, hash } } });
    }
  });
}

function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateNow = navigate;
    if (pendingRedirect) {
      const { to, options } = pendingRedirect;
      pendingRedirect = null;
      void navigate(to, options);
    }
    return () => {
      navigateNow = null;
    };
  }, [navigate]);
  return null;
}

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app's router. A declarative router (history + route matching), not React Router's data
 * router: no screen uses loaders, actions or fetchers, and the data router's code would be about a
 * tenth of the landing page's startup JavaScript. Navigations render as transitions.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigationBridge />
      <AppRoutes />
    </BrowserRouter>
  );
}
