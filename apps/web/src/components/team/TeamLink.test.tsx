import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { TeamLink } from "./TeamLink.tsx";

describe("TeamLink", () => {
  afterEach(cleanup);

  it("links a saved team to its report, with the whole name in the title for when it is cut", () => {
    render(
      <MemoryRouter>
        <TeamLink id={7} name="Hanwha Life Esports Challengers" className="truncate" />
      </MemoryRouter>,
    );
    const link = screen.getByRole("link", { name: "Hanwha Life Esports Challengers" });
    expect(link).toHaveAttribute("href", "/app/scouting/teams/7");
    expect(link).toHaveAttribute("title", "Hanwha Life Esports Challengers");
  });

  it("names a team typed by hand without a link, titled the same way", () => {
    render(
      <MemoryRouter>
        <TeamLink id={null} name="Rivals Academy" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText("Rivals Academy")).toHaveAttribute("title", "Rivals Academy");
  });
});
