import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AuthSwitch } from "@/features/auth/AuthFormEnd.tsx";
import { redirectTarget } from "@/lib/redirect-target.ts";
import { DeferredUserMenu } from "./layout/DeferredMenus.tsx";

/** Stands in for the sign-in and registration pages: says where signing in would go. */
function Destination() {
  const location = useLocation();
  return <p data-testid="after-sign-in">{redirectTarget(location.state)}</p>;
}

function renderAt(entry: string | { pathname: string; state: unknown }, page: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<Destination />} />
        <Route path="/register" element={page} />
        <Route path="*" element={page} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("signing in from a page comes back to it", () => {
  afterEach(cleanup);

  it("carries the page a signed-out visitor was on through the header's links", () => {
    renderAt("/app/invite/tok-1?x=1#seat", <DeferredUserMenu />);
    fireEvent.click(screen.getByRole("link", { name: "Login" }));
    expect(screen.getByTestId("after-sign-in").textContent).toBe("/app/invite/tok-1?x=1#seat");
  });

  it("starts a new account at the dashboard from the landing page", () => {
    renderAt("/", <DeferredUserMenu />);
    fireEvent.click(screen.getByRole("link", { name: "Login" }));
    expect(screen.getByTestId("after-sign-in").textContent).toBe("/app/dashboard");
  });

  it("keeps where the registration form was asked from when it switches to sign-in", () => {
    renderAt(
      { pathname: "/register", state: { from: { pathname: "/app/invite/tok-2" } } },
      <AuthSwitch prompt="Have an account?" link="Sign in" to="/login" />,
    );
    fireEvent.click(screen.getByRole("link", { name: "Sign in" }));
    expect(screen.getByTestId("after-sign-in").textContent).toBe("/app/invite/tok-2");
  });
});
