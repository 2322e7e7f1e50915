import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "@/lib/i18n.ts";
import { Button } from "./Button.tsx";
import { Toaster } from "./Toaster.tsx";
import { toast, toastStore } from "./toast-store.ts";

describe("toasts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toastStore.set([]);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("defaults: 5000 ms, 7000 ms for errors, top-right, dismissible, with icon", () => {
    toast.success("Saved");
    toast.error("Broken");
    const [ok, bad] = toastStore.get();
    expect(ok).toMatchObject({
      type: "success",
      duration: 5000,
      position: "top-right",
      dismissible: true,
      showIcon: true,
    });
    expect(bad).toMatchObject({ type: "error", duration: 7000 });
  });

  it("shows at most 5, auto-dismisses after the duration with a 300 ms exit", () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 7; i += 1) toast.info(`Message ${i}`, { duration: 1000 + i });
    });
    expect(screen.getAllByRole("status")).toHaveLength(5);
    expect(screen.queryByText("Message 6")).toBeNull();
    act(() => vi.advanceTimersByTime(1002));
    // The first one is leaving (still rendered for the exit animation).
    expect(toastStore.get()[0]?.leaving).toBe(true);
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText("Message 1")).toBeNull();
    // The sixth takes the freed place: still five shown, the newcomer among them.
    expect(screen.getAllByRole("status")).toHaveLength(5);
    expect(screen.getByText("Message 6")).toBeVisible();
  });

  it("runs the action and dismisses on it; the close button dismisses", () => {
    const onClick = vi.fn();
    render(<Toaster />);
    act(() => {
      toast.warning("Careful", { action: { label: "Undo", onClick } });
    });
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(onClick).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(300));
    expect(toastStore.get()).toHaveLength(0);
    act(() => {
      toast.info("Hello");
    });
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    act(() => vi.advanceTimersByTime(300));
    expect(toastStore.get()).toHaveLength(0);
  });
});

describe("Button", () => {
  afterEach(cleanup);
  it("ignores clicks while loading or disabled", () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    fireEvent.click(screen.getByRole("button"));
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByRole("button").getAttribute("aria-busy")).toBe("true");
    rerender(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    fireEvent.click(screen.getByRole("button"));
    expect(onClick).not.toHaveBeenCalled();
    rerender(<Button onClick={onClick}>Save</Button>);
    fireEvent.click(screen.getByRole("button"));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
