import type { Workspace, WorkspaceMember } from "@draftroom/contracts";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n, { loadAllLanguages } from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { planFeaturesOf } from "@/test/workspace-fixtures.ts";
import { BillingSection } from "./Billing.tsx";
import { LeaveButton } from "./LeaveButton.tsx";
import { ReadOnlyBanner } from "./ReadOnlyBanner.tsx";

type Person = Workspace["billing"]["owner"];
const ANA: Person = { user_id: 1, username: "ana", name: "Ana Pérez" };
const MIKA: Person = { user_id: 2, username: "mika", name: null };

const base: Workspace = {
  id: "0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c001",
  name: "T1 Academy",
  tag: "T1A",
  colour: "#e11d48",
  team_id: null,
  team_name: null,
  role: "owner",
  capabilities: [],
  read_only: false,
  read_only_reason: null,
  seats: { staff_used: 2, staff_limit: 5, roster_used: 0, roster_limit: 15 },
  plan_features: planFeaturesOf("pro"),
  billing: { owner: ANA, offer: null },
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
};

const member = (ref: Person, role: WorkspaceMember["role"]): WorkspaceMember => ({
  ...ref,
  name: null,
  role,
  status: "active",
  joined_at: "2026-11-20T10:00:00.000Z",
  last_seen_at: null,
});

/** Answers the members list and records every write. */
function stubApi() {
  const writes: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      if (method === "GET" && url.endsWith("/members/")) {
        return Response.json([
          member(ANA, "owner"),
          { ...member(MIKA, "owner"), name: "Mika Laine" },
          member({ user_id: 3, username: "sol", name: null }, "coach"),
        ]);
      }
      writes.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
      return method === "DELETE" ? new Response(null, { status: 204 }) : Response.json(base);
    }),
  );
  return writes;
}

function wrap(children: ReactNode) {
  return renderInApp(children);
}

describe("the workspace's bill", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says what the team's plan gives every member inside the workspace, in both languages", async () => {
    stubApi();
    wrap(
      <BillingSection workspace={{ ...base, billing: { owner: MIKA, offer: null } }} userId={ANA.user_id} />,
    );
    expect(
      screen.getByText(
        /every member gets .*full scouting reports and draft analytics, whatever their own plan/,
      ),
    ).toBeVisible();
    cleanup();
    const plus = { ...base, plan_features: planFeaturesOf("plus"), billing: { owner: MIKA, offer: null } };
    wrap(<BillingSection workspace={plus} userId={ANA.user_id} />);
    expect(
      screen.getByText(
        /player pools, whatever their own plan; full scouting reports and draft analytics come with Pro/,
      ),
    ).toBeVisible();
    cleanup();
    await loadAllLanguages();
    await i18n.changeLanguage("es");
    try {
      wrap(<BillingSection workspace={plus} userId={ANA.user_id} />);
      expect(screen.getByText(/el scouting completo y las analíticas de draft vienen con Pro/)).toBeVisible();
    } finally {
      await i18n.changeLanguage("en");
    }
    cleanup();
    // Read-only: the plan gives nothing there (the banner says why), so no such line.
    wrap(
      <BillingSection workspace={{ ...plus, read_only: true, plan_features: null }} userId={ANA.user_id} />,
    );
    expect(screen.queryByText(/whatever their own plan/)).toBeNull();
  });

  it("lets the billing owner offer the bill to another owner only", async () => {
    const writes = stubApi();
    wrap(<BillingSection workspace={base} userId={ANA.user_id} />);
    expect(screen.getByText("This workspace is billed to your plan.")).toBeDefined();
    const select = (await screen.findByLabelText("Offer the bill to")) as HTMLSelectElement;
    // Only the other active owners are offered: not the billing owner, not the coach.
    expect([...select.options].map((option) => option.textContent)).toEqual(["Mika Laine (@mika)"]);
    // By its text: the first role query of a file costs seconds on a loaded machine.
    const button = screen.getByText("Offer the bill").closest("button");
    expect(button?.getAttribute("type")).toBe("submit");
    fireEvent.click(button!);
    await waitFor(() =>
      expect(writes).toEqual([
        { url: `/api/workspaces/${base.id}/billing/offer/`, method: "POST", body: { user_id: MIKA.user_id } },
      ]),
    );
  });

  it("shows the offered owner the offer, and accepting it bills their plan", async () => {
    const writes = stubApi();
    const offered = { ...base, billing: { owner: ANA, offer: MIKA } };
    wrap(<BillingSection workspace={offered} userId={MIKA.user_id} />);
    expect(screen.getByText("This workspace is billed to the plan of Ana Pérez (@ana).")).toBeDefined();
    expect(screen.getByText(/Ana Pérez \(@ana\) offers you this workspace's bill/)).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Accept the bill" }));
    await waitFor(() =>
      expect(writes.map(({ url, method }) => [method, url])).toEqual([
        ["POST", `/api/workspaces/${base.id}/billing/accept/`],
      ]),
    );
  });

  it("tells the billing owner who is waiting, and withdraws the offer", async () => {
    const writes = stubApi();
    wrap(
      <BillingSection workspace={{ ...base, billing: { owner: ANA, offer: MIKA } }} userId={ANA.user_id} />,
    );
    expect(screen.getByText("Offered to @mika, waiting for them to accept it.")).toBeDefined();
    expect(screen.queryByRole("button", { name: "Accept the bill" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Withdraw the offer" }));
    await waitFor(() =>
      expect(writes.map(({ url, method }) => [method, url])).toEqual([
        ["DELETE", `/api/workspaces/${base.id}/billing/offer/`],
      ]),
    );
  });

  it("disables Leave for the billing owner and says why; another owner may leave", () => {
    stubApi();
    wrap(<LeaveButton workspace={base} userId={ANA.user_id} />);
    const blocked = screen.getByRole("button", { name: "Leave" });
    expect(blocked.hasAttribute("disabled")).toBe(true);
    const hint = document.getElementById(blocked.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toMatch(/You pay for this workspace: offer its bill to another owner/);
    cleanup();
    wrap(<LeaveButton workspace={base} userId={MIKA.user_id} />);
    const free = screen.getByRole("button", { name: "Leave" });
    expect(free.hasAttribute("disabled")).toBe(false);
    expect(free.hasAttribute("aria-describedby")).toBe(false);
  });

  it("tells each reader why the workspace is read-only and what they can do", () => {
    const readOnly: Workspace = {
      ...base,
      read_only: true,
      read_only_reason: "staff_seats",
      seats: { staff_used: 3, staff_limit: 2, roster_used: 0, roster_limit: 10 },
      plan_features: null,
    };
    wrap(<ReadOnlyBanner workspace={readOnly} userId={MIKA.user_id} />);
    const note = screen.getByRole("note");
    expect(note.textContent).toMatch(
      /more staff \(3\) than the plan of Ana Pérez \(@ana\), who pays for it, allows \(2\)/,
    );
    expect(note.textContent).toMatch(/ask Ana Pérez \(@ana\) to change their plan, or to offer you the bill/);
    expect(note.textContent).not.toMatch(/offers it to you below/);
    cleanup();
    wrap(
      <ReadOnlyBanner
        workspace={{ ...readOnly, billing: { owner: ANA, offer: MIKA } }}
        userId={MIKA.user_id}
      />,
    );
    expect(screen.getByRole("note").textContent).toMatch(
      /take the bill over \(Ana Pérez \(@ana\) offers it to you below\)/,
    );
    cleanup();
    wrap(<ReadOnlyBanner workspace={readOnly} userId={ANA.user_id} />);
    expect(screen.getByText(/offer the bill to another owner below/)).toBeDefined();
    expect(screen.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe(
      "/app/subscriptions",
    );
    cleanup();
    wrap(<ReadOnlyBanner workspace={{ ...readOnly, role: "player" }} userId={3} />);
    expect(screen.getByRole("note").textContent).toMatch(/ask Ana Pérez \(@ana\) or another owner/);
  });
});
