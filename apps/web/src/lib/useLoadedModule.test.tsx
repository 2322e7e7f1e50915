import { cleanup, render, screen } from "@testing-library/react";
import { Component, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { preloadModule, useLoadedModule } from "./useLoadedModule.ts";

/** A loader whose promise the test settles. */
function deferredLoad() {
  let resolve!: (value: { label: string }) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<{ label: string }>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  const load = vi.fn(() => promise);
  return { load, resolve, reject };
}

function Shows({ load, enabled = true }: { load: () => Promise<{ label: string }>; enabled?: boolean }) {
  const loaded = useLoadedModule(load, enabled);
  return <p>{loaded ? loaded.label : "placeholder"}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("useLoadedModule", () => {
  it("shows the caller's placeholder, then the module once loaded; a later caller gets it at once", async () => {
    const { load, resolve } = deferredLoad();
    render(<Shows load={load} />);
    expect(screen.getByText("placeholder")).toBeInTheDocument();
    resolve({ label: "chart" });
    expect(await screen.findByText("chart")).toBeInTheDocument();
    cleanup();
    // Mounted after the load: no placeholder, not even for one render, and no second load.
    render(<Shows load={load} />);
    expect(screen.getByText("chart")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("waits while disabled, and a preload is shared with the component that shows it", async () => {
    const { load, resolve } = deferredLoad();
    const { rerender } = render(<Shows load={load} enabled={false} />);
    expect(load).not.toHaveBeenCalled();
    preloadModule(load);
    rerender(<Shows load={load} />);
    resolve({ label: "chart" });
    expect(await screen.findByText("chart")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("throws a failed load to the nearest error boundary", async () => {
    const { load, reject } = deferredLoad();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <Boundary>
        <Shows load={load} />
      </Boundary>,
    );
    reject(new Error("Failed to fetch dynamically imported module"));
    expect(
      await screen.findByText("failed: Failed to fetch dynamically imported module"),
    ).toBeInTheDocument();
  });
});
