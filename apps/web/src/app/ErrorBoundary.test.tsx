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
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("We’re sorry, but something unexpected happened.")).toBeTruthy();
    shouldThrow = false;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(screen.getByText("Recovered content")).toBeTruthy();
  });
});
