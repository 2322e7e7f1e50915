import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "@/lib/i18n.ts";
import { ErrorBoundary } from "./ErrorBoundary.tsx";

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) throw new Error("kaboom");
  return <p>Recovered content</p>;
}

describe("ErrorBoundary", () => {
  afterEach(cleanup);

  it("shows the fallback and renders the children again on Try Again", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    shouldThrow = true;
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.queryByText("Recovered content")).toBeNull();
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    expect(screen.getByText("We’re sorry, but something unexpected happened.")).toBeVisible();
    shouldThrow = false;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(screen.getByText("Recovered content")).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Something went wrong" })).toBeNull();
  });
});
