import {
  effectiveCapabilities,
  PLANS,
  type PlanKey,
  type ScrimSummary,
  type Subscription,
  type Tier,
  type TierFeatures,
  type Workspace,
  type WorkspaceRole,
} from "@draftroom/contracts";
import { vi } from "vitest";
import { authStore } from "@/lib/auth.ts";

/**
 * Fixtures for component tests of pages that show workspace items: a workspace as the server
 * answers it to a member of `role` (its `capabilities` from the server's own function, read-only
 * aware), and a fetch stub that answers by URL.
 */

export const WORKSPACE_ID = "0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c001";

/** The plan that bills the workspaces of these tests unless one says otherwise. */
const WORKSPACE_PLAN: PlanKey = "pro";

/** A plan's features as the server lists them on a workspace billed to it (null once read-only). */
export function planFeaturesOf(key: PlanKey, readOnly = false): TierFeatures | null {
  return readOnly ? null : PLANS.find((plan) => plan.key === key)!.features;
}

export function workspaceAs(
  role: WorkspaceRole,
  options: { readOnly?: boolean; plan?: PlanKey } = {},
): Workspace {
  const readOnly = options.readOnly ?? false;
  return {
    id: WORKSPACE_ID,
    name: "T1 Academy",
    tag: "T1A",
    colour: "#e11d48",
    team_id: null,
    team_name: null,
    role,
    capabilities: effectiveCapabilities(role, { readOnly, suspended: false }),
    read_only: readOnly,
    read_only_reason: readOnly ? "staff_seats" : null,
    seats: { staff_used: 1, staff_limit: 5, roster_used: 0, roster_limit: 15 },
    plan_features: planFeaturesOf(options.plan ?? WORKSPACE_PLAN, readOnly),
    billing: { owner: { user_id: 1, username: "owner", name: null }, offer: null },
    created_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
  };
}

/** Every plan as the server lists its tiers (`GET /subscriptions/tiers/`), ids from 1 in order. */
export const PLAN_TIERS: Tier[] = PLANS.map((plan, index) => ({
  id: index + 1,
  key: plan.key,
  name: plan.name,
  price_monthly: plan.price_monthly,
  price_annual: plan.price_annual,
  features: plan.features,
}));

/** The signed-in member's active subscription on one of the plans, as the server lists it. */
export function subscriptionOn(key: "community" | "plus" | "pro"): Subscription {
  return {
    id: "00000000-0000-4000-8000-000000000007",
    tier: PLAN_TIERS.find((tier) => tier.key === key)!,
    is_active: true,
    is_trial: false,
    trial_available: false,
    next_billing_date: null,
    expires_at: null,
    created_at: "2026-01-05T10:00:00.000Z",
    usage: { drafts_used: 0 },
  };
}

type Answer = unknown | ((url: URL, init: RequestInit | undefined) => unknown);

/**
 * Stubs `fetch`: the first route whose pattern matches `METHOD /path?query` answers (a function
 * gets the URL and request, and may answer later with a promise); anything else is a 404 in the
 * API's error shape. Returns the list of
 * every request made, for tests that check nothing was written.
 */
export function stubApi(routes: ReadonlyArray<readonly [RegExp, Answer]>) {
  const requests: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      const key = `${init?.method ?? "GET"} ${url.pathname}${url.search}`;
      requests.push(key);
      for (const [pattern, answer] of routes) {
        if (!pattern.test(key)) continue;
        const body = typeof answer === "function" ? await answer(url, init) : answer;
        if (body instanceof Response) return body;
        return Response.json(body);
      }
      return Response.json({ detail: "Not found.", code: "not_found" }, { status: 404 });
    }),
  );
  return requests;
}

/**
 * Signs a member in for a component test, as a restored session would: "vi" (user 3) unless told.
 *
 * @example
 * beforeEach(() => signInForTest({ id: 7, username: "ana", first_name: "Ana" }));
 */
export function signInForTest(
  who: { id?: number; username?: string; first_name?: string; token?: string } = {},
): void {
  const username = who.username ?? "vi";
  authStore.set({
    user: {
      id: who.id ?? 3,
      username,
      email: `${username}@example.com`,
      first_name: who.first_name ?? "",
      last_name: "",
      preferences: {
        theme: "auto",
        language: "en",
        custom_hues: { primary: 0, secondary: 0, accent: 0, neutral: 0 },
      },
      date_joined: "2026-01-01T00:00:00.000Z",
    },
    token: who.token ?? "t",
    isAuthenticated: true,
    isLoading: false,
    error: null,
  });
}

/**
 * A scrim block of the workspace as the ledger's lists and agenda answer it: planned, three games,
 * its opponent named by `title` (a title as the staff typed it); `patch` changes the rest.
 */
export function scrimSummaryOf(
  id: string,
  title: string,
  startsAt: string,
  patch: Partial<ScrimSummary> = {},
): ScrimSummary {
  return {
    id,
    workspace_id: WORKSPACE_ID,
    kind: "scrim",
    title,
    untitled: false,
    opponent: { team_id: null, name: title, contact_note: "", key: `name:${title.toLowerCase()}` },
    starts_at: startsAt,
    time_zone: "Europe/Madrid",
    games_count: 3,
    status: "planned",
    patch: null,
    notes: "",
    series_id: null,
    score: { us: 0, them: 0 },
    created_by: null,
    created_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
    can_edit: true,
    mode: "normal",
    games_played: 0,
    ...patch,
  };
}
