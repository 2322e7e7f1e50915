import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Dialog } from "./Dialog.tsx";

/** A dialog opened from state (no Radix Trigger), as every screen of the app opens them. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete session
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Delete this session?">
        <button type="button">Inside</button>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  afterEach(cleanup);

  it("returns focus to the element that opened it when it closes", async () => {
    render(<Opener />);
    const opener = screen.getByRole("button", { name: "Delete session" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Delete this session?" });
    expect(dialog.contains(document.activeElement)).toBe(true);

    await act(async () => {
      fireEvent.keyDown(dialog, { key: "Escape" });
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
