import "@/lib/i18n.ts";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import i18n, { loadNamespaces } from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import QuickRoomPage from "./QuickRoomPage.tsx";

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
});

/** Answers the room's creation with an error (the page stays), keeping what was asked. */
function stubCreate() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(init?.body ? JSON.parse(String(init.body)) : null);
      return Response.json({ detail: "Down.", code: "database_unavailable" }, { status: 503 });
    }),
  );
  return bodies;
}

it("names an unnamed team as its placeholder does, in the reader's language", async () => {
  await i18n.changeLanguage("es");
  await loadNamespaces("drafts");
  const bodies = stubCreate();
  renderInApp(<QuickRoomPage />);
  expect(screen.getByLabelText(/Equipo azul/)).toHaveAttribute("placeholder", "Equipo azul");
  fireEvent.change(screen.getByLabelText(/Equipo rojo/), { target: { value: "  Los Heretics " } });
  fireEvent.click(screen.getByRole("button", { name: "Crear sala rápida" }));
  await waitFor(() => expect(bodies).toHaveLength(1));
  expect(bodies[0]).toMatchObject({ blue_team_name: "Equipo azul", red_team_name: "Los Heretics" });
});
