import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { listedFor } from "@/test/searchable-select.ts";
import { SearchableSelect, type SearchableSelectProps, type SelectOption } from "./SearchableSelect.tsx";

const teams: SelectOption[] = [
  { value: "", label: "Not in our data" },
  { value: "1", label: "Movistar KOI", keywords: ["LVP SL"] },
  { value: "2", label: "Los Ratones", keywords: ["LVP SL"] },
  { value: "3", label: "Karmine Corp Blue", keywords: ["LFL"] },
  { value: "4", label: "Ñañaras Gaming", keywords: ["Liga Almería"] },
];

function Picker(props: Partial<SearchableSelectProps>) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <SearchableSelect
        options={teams}
        value={value}
        onChange={setValue}
        searchPlaceholder="Search teams"
        aria-label="Opponent"
        {...props}
      />
      <output>{value === null ? "none" : `chosen ${JSON.stringify(value)}`}</output>
    </>
  );
}

/** What the open select lists once `text` is typed into its search. */
async function search(text: string): Promise<string[]> {
  return listedFor(await screen.findByPlaceholderText("Search teams"), text);
}

describe("SearchableSelect", () => {
  afterEach(cleanup);

  it("finds an option by every word typed, in its label or keywords, case and accents ignored", async () => {
    render(<Picker />);
    fireEvent.click(screen.getByRole("combobox", { name: "Opponent" }));
    expect(await search("koi")).toEqual(["Movistar KOI"]);
    // Two words: one in the label, one in the league.
    expect(await search("ratones lvp")).toEqual(["Los Ratones"]);
    expect(await search("lvp")).toEqual(["Movistar KOI", "Los Ratones"]);
    // Accents and case either way.
    expect(await search("nanaras")).toEqual(["Ñañaras Gaming"]);
    expect(await search("ALMERIA")).toEqual(["Ñañaras Gaming"]);
    // A value is not text a user reads: "3" finds nothing.
    expect(await search("3")).toEqual([]);
    expect(screen.getByText("No results found")).toBeVisible();
  });

  it("an option whose value is empty is found and chosen like any other", async () => {
    render(<Picker />);
    fireEvent.click(screen.getByRole("combobox", { name: "Opponent" }));
    expect(await search("our data")).toEqual(["Not in our data"]);
    fireEvent.click(screen.getByRole("option", { name: "Not in our data" }));
    expect(screen.getByText('chosen ""')).toBeInTheDocument();
  });

  it("takes a search of its own", async () => {
    render(<Picker matches={(query, option) => option.label.startsWith(query)} />);
    fireEvent.click(screen.getByRole("combobox", { name: "Opponent" }));
    expect(await search("Karmine")).toEqual(["Karmine Corp Blue"]);
    expect(await search("Corp")).toEqual([]);
  });
});
