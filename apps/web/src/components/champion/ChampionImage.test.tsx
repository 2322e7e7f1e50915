import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ChampionImage } from "./ChampionImage.tsx";

describe("ChampionImage", () => {
  afterEach(cleanup);

  // The board draws about 180 of these at once (its elements were about 1,390): the monogram as a
  // child element cost one element in eight, and its drop-shadow filter an effect to paint each.
  it("draws the monogram as the box's own text, shadowed by text-shadow, with no element of its own", () => {
    render(<ChampionImage name="Skarner" src={null} size={36} />);
    const box = screen.getByRole("img", { name: "Skarner" });
    expect(box).toHaveAttribute("data-champion-image", "monogram");
    expect(box.children).toHaveLength(0);
    expect(box.textContent).toBe("Sk");
    expect(box.className).toContain("[text-shadow:");
    expect(box.outerHTML).not.toContain("drop-shadow");
  });

  it("keeps the box's size and leaves the name to a label when decorative", () => {
    const { container } = render(<ChampionImage name="Ahri" src={null} size={48} decorative />);
    const box = container.firstElementChild as HTMLElement;
    expect(box).toHaveAttribute("aria-hidden", "true");
    expect(box.style.width).toBe("48px");
    expect(box.style.height).toBe("48px");
    expect(box.textContent).toBe("Ah");
  });
});
