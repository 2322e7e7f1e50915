import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChatDrawer, unreadCount } from "./ChatDrawer.tsx";

describe("unreadCount", () => {
  it("counts the messages after the last one seen", () => {
    expect(unreadCount(["c1", "a2", "b3"], null)).toBe(3);
    expect(unreadCount(["c1", "a2", "b3"], "a2")).toBe(1);
    expect(unreadCount(["c1", "a2", "b3"], "b3")).toBe(0);
    expect(unreadCount([], null)).toBe(0);
  });
});

describe("ChatDrawer", () => {
  it("counts new messages while folded, clears them when opened, and folds back on Escape", () => {
    const { rerender } = render(
      <ChatDrawer messageIds={["c1"]}>
        <p>chat</p>
      </ChatDrawer>,
    );
    const button = screen.getByTestId("chat-drawer-button");
    // History present on arrival is not news.
    expect(screen.queryByTestId("chat-unread")).toBeNull();
    rerender(
      <ChatDrawer messageIds={["c1", "a2", "b3"]}>
        <p>chat</p>
      </ChatDrawer>,
    );
    expect(screen.getByTestId("chat-unread").textContent).toContain("2");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(screen.queryByTestId("chat-unread")).toBeNull();
    expect(screen.getByTestId("chat-drawer").hidden).toBe(false);
    fireEvent.keyDown(screen.getByTestId("chat-drawer"), { key: "Escape" });
    expect(screen.getByTestId("chat-drawer").hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });
});
