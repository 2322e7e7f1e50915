import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DeferredThemeMenu, loadHeaderMenus } from "./DeferredMenus.tsx";

describe("DeferredThemeMenu", () => {
  it("opens when the menus arrive between the press and the click", async () => {
    const { container } = render(<DeferredThemeMenu />);
    const placeholder = screen.getByRole("button", { name: "Theme menu" });
    // The press lands on the placeholder, then the menus chunk arrives (the hover had started
    // loading it) and the real trigger, which opens on pointerdown only, receives the click.
    fireEvent.pointerDown(placeholder, { button: 0, pointerType: "mouse" });
    await act(async () => {
      await loadHeaderMenus();
    });
    const trigger = container.querySelector<HTMLButtonElement>('button[aria-label="Theme menu"]');
    expect(trigger).not.toBe(placeholder);
    fireEvent.click(trigger!);
    expect((await screen.findByRole("menu")).isConnected).toBe(true);
    expect(screen.getByRole("menuitemradio", { name: "Dark" }).isConnected).toBe(true);
  });
});
