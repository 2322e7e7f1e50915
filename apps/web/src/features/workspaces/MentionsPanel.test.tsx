import "@/lib/i18n.ts";
import type { Mention, MentionList } from "@draftroom/contracts";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { stubApi, WORKSPACE_ID } from "@/test/workspace-fixtures.ts";
import { MentionsPanel } from "./MentionsPanel.tsx";

const OTHER_WORKSPACE = "3c2b1a0f-9e8d-4c7b-8a6f-5e4d3c2b1a0f";

const mention = (patch: Partial<Mention>): Mention => ({
  id: "1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b",
  workspace_id: WORKSPACE_ID,
  comment_id: "1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b",
  item_type: "session",
  item_id: "5d3f7a2e-1b4c-4e8a-9f21-7c6b5a4d3e21",
  author: { id: 4, username: "ana", name: "Ana Pérez" },
  excerpt: "@vi ban their Azir first",
  created_at: "2026-11-20T10:00:00.000Z",
  read_at: null,
  ...patch,
});

function renderPanel(answer: MentionList | (() => Promise<never>)) {
  stubApi([[/^GET \/api\/mentions\/$/, answer]]);
  renderInApp(<MentionsPanel workspaceId={WORKSPACE_ID} />);
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
});

describe("MentionsPanel", () => {
  it("says it is loading the member's mentions, in their language, while they are asked for", async () => {
    renderPanel(() => new Promise<never>(() => undefined));
    expect(screen.getByRole("status")).toHaveTextContent("Loading mentions…");
    await i18n.changeLanguage("es");
    expect(await screen.findByRole("status")).toHaveTextContent("Cargando menciones…");
  });

  it("lists this workspace's mentions only, the unread marked and counted", async () => {
    renderPanel({
      unread: 2,
      results: [
        mention({}),
        mention({ id: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d", read_at: "2026-11-21T08:00:00.000Z" }),
        mention({ id: "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b", workspace_id: OTHER_WORKSPACE }),
      ],
    });
    const items = within(await screen.findByTestId("mentions")).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Ana Pérez (@ana) mentioned you");
    expect(items[0]).toHaveTextContent("New");
    expect(items[1]).not.toHaveTextContent("New");
    expect(screen.getByText("1 unread")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("says so when nobody has mentioned the member here", async () => {
    renderPanel({ unread: 0, results: [mention({ workspace_id: OTHER_WORKSPACE })] });
    expect(await screen.findByText("Nobody has mentioned you here yet.")).toBeInTheDocument();
  });
});
