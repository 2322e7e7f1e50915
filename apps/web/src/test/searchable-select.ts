import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";

/**
 * Types `text` into an open searchable select's search field and returns the labels it then lists
 * (each option's label, without its icon), for component tests of what a search finds.
 *
 * @example expect(await listedFor(await screen.findByPlaceholderText("Search teams"), "koi")).toEqual(["Movistar KOI"])
 */
export async function listedFor(field: HTMLElement, text: string): Promise<string[]> {
  fireEvent.change(field, { target: { value: text } });
  let labels: string[] = [];
  await waitFor(() => {
    expect(field).toHaveValue(text);
    labels = within(screen.getByRole("listbox"))
      .queryAllByRole("option")
      .map((option) => option.querySelector("span[title]")?.textContent ?? "");
  });
  return labels;
}
