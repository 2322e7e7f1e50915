import type { Champion } from "@draftroom/contracts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import i18n from "@/lib/i18n.ts";
import { listedFor } from "@/test/searchable-select.ts";
import { ChampionPicker } from "./ChampionPicker.tsx";

const champion = (id: number, name: string) => ({ id, name, icon_url: "" }) as unknown as Champion;
const champions = [champion(21, "Miss Fortune"), champion(145, "Kai'Sa"), champion(103, "Ahri")];

describe("ChampionPicker", () => {
  afterEach(cleanup);

  it("finds champions as the board's search does: short names, punctuation ignored", async () => {
    await i18n.loadNamespaces("draftPlans");
    render(
      <ChampionPicker champions={champions} value={null} onChange={() => undefined} label="First ban" />,
    );
    fireEvent.click(screen.getByRole("combobox", { name: "First ban" }));
    const search = await screen.findByPlaceholderText("Search champions…");
    expect(await listedFor(search, "mf")).toEqual(["Miss Fortune"]);
    expect(await listedFor(search, "kaisa")).toEqual(["Kai'Sa"]);
    expect(await listedFor(search, "AHRI")).toEqual(["Ahri"]);
  });
});
