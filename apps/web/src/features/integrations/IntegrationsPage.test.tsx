import "@/lib/i18n.ts";
import type { IntegrationsOverview } from "@draftroom/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toastStore } from "@/components/ui/toast-store.ts";
import { loadNamespaces } from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import IntegrationsPage from "./IntegrationsPage.tsx";

const WORKSPACE = "0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c001";

const overview = (overrides: Partial<IntegrationsOverview> = {}): IntegrationsOverview => ({
  discord: {
    available: true,
    connected: true,
    connected_at: "2026-11-29T09:00:00.000Z",
    last_success_at: "2026-11-29T09:05:00.000Z",
    last_error: {
      problem: "not_found",
      detail: "Discord says this webhook no longer exists.",
      at: "2026-11-29T09:10:00.000Z",
    },
    hint: "…x9Qa",
    events: ["room_opened"],
    language: "en",
  },
  riot: {
    available: false,
    connected: false,
    connected_at: null,
    last_success_at: null,
    last_error: null,
    region: null,
  },
  tournament: { available: false },
  calendar: { active: false, created_at: null },
  deliveries: [
    {
      id: "d1",
      event: "room_opened",
      title: "Scrim vs Weibo",
      status: "failed",
      attempts: 1,
      last_error: { problem: "not_found", detail: "x", at: "2026-11-29T09:10:00.000Z" },
      created_at: "2026-11-29T09:10:00.000Z",
      sent_at: null,
    },
  ],
  may_manage: true,
  ...overrides,
});

function stubApi(answer: IntegrationsOverview | "fail") {
  const writes: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      if (method === "GET" && url.endsWith("/integrations/")) {
        if (answer === "fail")
          return Response.json({ detail: "Down.", code: "database_unavailable" }, { status: 503 });
        return Response.json(answer);
      }
      writes.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (method === "DELETE") return new Response(null, { status: 204 });
      if (url.endsWith("/calendar/")) {
        return Response.json(
          { url: "https://draftroom.example/api/calendar/abc.ics", created_at: "2026-11-29T10:00:00.000Z" },
          { status: 201 },
        );
      }
      return Response.json(answer);
    }),
  );
  return writes;
}

async function show() {
  await loadNamespaces("integrations", "validation");
  return renderInApp(<IntegrationsPage />, {
    at: `/app/workspaces/${WORKSPACE}/integrations`,
    route: "/app/workspaces/:workspaceId/integrations",
  });
}

describe("the workspace integrations page", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says what is connected, the last problem in plain words, and what is not available", async () => {
    stubApi(overview());
    await show();
    expect(await screen.findByRole("heading", { name: "Integrations", level: 1 })).toBeInTheDocument();
    await screen.findByRole("heading", { name: "Discord" });
    expect(screen.getByText(/Webhook ending in .*x9Qa/)).toBeInTheDocument();
    expect(screen.getAllByText(/The service no longer knows it/).length).toBeGreaterThan(0);
    expect(screen.getByText(/This server has no Riot API key/)).toBeInTheDocument();
    expect(screen.getByText(/Tournament codes need a Tournament-V5 key/)).toBeInTheDocument();
    // Riot's card and the tournament codes' card each say so in their badge.
    expect(screen.getAllByText("Not available on this server")).toHaveLength(2);
    const posts = screen.getByRole("list");
    expect(within(posts).getByText("Not delivered")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: /A draft room opens/ })).toBeChecked();
  });

  it("says when this server offers tournament codes, and what they do", async () => {
    stubApi(overview({ tournament: { available: true } }));
    await show();
    expect(await screen.findByText("Available on this server")).toBeInTheDocument();
    expect(screen.getByText(/Scrim games can get a tournament code each/)).toBeInTheDocument();
    expect(screen.queryByText(/Tournament codes need a Tournament-V5 key/)).not.toBeInTheDocument();
  });

  it("disconnects after a confirmation", async () => {
    const writes = stubApi(overview());
    await show();
    fireEvent.click(await screen.findByRole("button", { name: "Disconnect" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Disconnect" }));
    await waitFor(() =>
      expect(writes).toContainEqual({
        url: `/api/workspaces/${WORKSPACE}/integrations/discord/`,
        method: "DELETE",
        body: null,
      }),
    );
  });

  it("changes the language of the channel's posts at once, and connects in the one chosen", async () => {
    const writes = stubApi(overview());
    await show();
    const select = await screen.findByRole("combobox", { name: "Language of the posts" });
    expect(select).toHaveValue("en");
    fireEvent.change(select, { target: { value: "es" } });
    await waitFor(() =>
      expect(writes).toContainEqual({
        url: `/api/workspaces/${WORKSPACE}/integrations/discord/`,
        method: "PATCH",
        body: { language: "es" },
      }),
    );
    await waitFor(() =>
      expect(toastStore.get().map((toast) => toast.message)).toContain(
        "The next posts will be in this language",
      ),
    );
    cleanup();

    const offered = overview();
    const connects = stubApi(
      overview({ discord: { ...offered.discord, connected: false, hint: null, events: [], language: "es" } }),
    );
    await show();
    const language = await screen.findByRole("combobox", { name: "Language of the posts" });
    expect(language).toHaveValue("es");
    fireEvent.change(language, { target: { value: "en" } });
    fireEvent.change(screen.getByRole("textbox", { name: /Webhook URL/ }), {
      target: { value: "https://discord.com/api/webhooks/1/abc" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Connect" }));
    await waitFor(() => expect(connects.map((write) => write.method)).toEqual(["PUT"]));
    expect(connects[0]!.body).toMatchObject({
      language: "en",
      webhook_url: "https://discord.com/api/webhooks/1/abc",
    });
  });

  it("shows a new calendar link once, to copy", async () => {
    stubApi(overview());
    await show();
    fireEvent.click(await screen.findByRole("button", { name: "Create my calendar link" }));
    expect(await screen.findByRole("textbox", { name: "Calendar link" })).toHaveValue(
      "https://draftroom.example/api/calendar/abc.ics",
    );
  });

  it("hides the controls from members who may not manage, and offers a retry when loading fails", async () => {
    stubApi(overview({ may_manage: false }));
    await show();
    expect(await screen.findByText(/Only the workspace's owners/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Disconnect" })).not.toBeInTheDocument();
    cleanup();
    stubApi("fail");
    await show();
    expect(await screen.findByText("The integrations could not be loaded")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /retry|try again/i })).toBeInTheDocument();
  });
});
