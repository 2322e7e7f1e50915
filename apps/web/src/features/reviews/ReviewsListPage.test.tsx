import "@/lib/i18n.ts";
import {
  effectiveCapabilities,
  type Paginated,
  type Review,
  ROUTES,
  type Workspace,
} from "@draftroom/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setCurrentWorkspace } from "@/lib/current-workspace.ts";
import i18n from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { planFeaturesOf } from "@/test/workspace-fixtures.ts";
import ReviewsListPage from "./ReviewsListPage.tsx";

const WORKSPACE_ID = "0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c001";

function workspace(role: Workspace["role"]): Workspace {
  return {
    id: WORKSPACE_ID,
    name: "T1 Academy",
    tag: "T1A",
    colour: "#e11d48",
    team_id: null,
    team_name: null,
    role,
    capabilities: effectiveCapabilities(role, { readOnly: false, suspended: false }),
    read_only: false,
    read_only_reason: null,
    seats: { staff_used: 1, staff_limit: 5, roster_used: 0, roster_limit: 15 },
    plan_features: planFeaturesOf("pro"),
    billing: { owner: { user_id: 1, username: "owner", name: null }, offer: null },
    created_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
  };
}

const review: Review = {
  id: "0b6f1d62-5d52-4a3e-9a51-3a9f0c2d7e41",
  league: { id: 1, name: "LCK" },
  team: { id: 2, name: "T1" },
  season: "2026 Spring",
  title: "Their mid lane",
  description: "What we expect",
  review_text: "They swap mid laners in scrims.",
  status: "rumor",
  players: [],
  author: { id: 9, username: "analyst", name: "Ana Pérez" },
  is_owner: false,
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
  workspace_id: WORKSPACE_ID,
  can_edit: false,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** Answers the workspaces list and the reviews list; records the review list URLs asked. */
function serve(role: Workspace["role"], reviews: Review[] | "error") {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.includes("/workspaces/")) return json([workspace(role)]);
      if (url.includes("/leagues/")) return json([]);
      asked.push(url);
      if (reviews === "error") return json({ detail: "Not found.", code: "not_found" }, 404);
      const page: Paginated<Review> = { count: reviews.length, next: null, previous: null, results: reviews };
      return json(page);
    }),
  );
  return asked;
}

function renderPage() {
  return renderInApp(<ReviewsListPage />);
}

describe("ReviewsListPage in a workspace", () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentWorkspace(null);
    await i18n.changeLanguage("en");
  });

  it("lists the current workspace's reviews, and a viewer gets no write button", async () => {
    setCurrentWorkspace(WORKSPACE_ID);
    const asked = serve("viewer", [review]);
    renderPage();
    expect(await screen.findByText("Their mid lane")).toBeVisible();
    // Its author as the team knows them.
    expect(screen.getByText(/^by Ana Pérez \(@analyst\)/)).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((url) => url.includes(`workspace=${WORKSPACE_ID}`))).toBe(true);
    expect(
      await screen.findByText("T1 Academy's roster reviews, shared with its members only."),
    ).toBeVisible();
    expect(screen.queryByRole("link", { name: "New Review" })).toBeNull();
    // It says why, in place of the button.
    expect(
      screen.getByText("Viewers can read practice runs and reviews but not start or change them."),
    ).toBeVisible();
  });

  it("says a workspace has no reviews yet, offering a coach the first one, in Spanish too", async () => {
    setCurrentWorkspace(WORKSPACE_ID);
    serve("coach", []);
    renderPage();
    expect(await screen.findByText("No roster reviews in this workspace yet")).toBeVisible();
    expect(await screen.findByRole("link", { name: "Write the first review" })).toHaveAttribute(
      "href",
      ROUTES.rosterReviewCreate,
    );
    expect(screen.queryByTestId("access-note")).toBeNull();
    cleanup();
    await i18n.changeLanguage("es");
    serve("viewer", []);
    renderPage();
    expect(await screen.findByText("Aún no hay revisiones de plantilla en este espacio")).toBeVisible();
    expect(
      await screen.findByText("Cuando un entrenador o un analista escriba una, aparecerá aquí."),
    ).toBeVisible();
    // A viewer is offered no first review, and is told why.
    expect(screen.queryByRole("link", { name: /Escribir/ })).toBeNull();
    expect(
      screen.getByText(
        "Los observadores pueden leer las prácticas y revisiones pero no empezarlas ni cambiarlas.",
      ),
    ).toBeVisible();
  });

  it("shows an error with a retry when the workspace's reviews cannot be read", async () => {
    setCurrentWorkspace(WORKSPACE_ID);
    const asked = serve("player", "error");
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to load roster reviews");
    expect(alert).toHaveTextContent("Check that you are still a member of this workspace, then try again.");
    // Retry asks the server again.
    const before = asked.length;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(asked.length).toBe(before + 1));
  });

  it("keeps the personal list without a workspace filter", async () => {
    const asked = serve("owner", [{ ...review, workspace_id: null }]);
    renderPage();
    expect(await screen.findByText("Their mid lane")).toBeVisible();
    // Its author as the team knows them.
    expect(screen.getByText(/^by Ana Pérez \(@analyst\)/)).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.some((url) => url.includes("workspace="))).toBe(false);
    expect(screen.getByRole("link", { name: "New Review" })).toHaveAttribute(
      "href",
      ROUTES.rosterReviewCreate,
    );
  });
});
