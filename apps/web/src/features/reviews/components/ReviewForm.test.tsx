import "@/lib/i18n.ts";
import { reviewWriteBodySchema } from "@draftroom/contracts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/lib/api.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { emptyValues } from "../form.ts";
import { ReviewForm } from "./ReviewForm.tsx";

function renderForm(onSubmit = vi.fn()) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("[]", { status: 200, headers: { "content-type": "application/json" } })),
  );
  renderInApp(
    <ReviewForm
      mode="create"
      initial={emptyValues()}
      submitting={false}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  return onSubmit;
}

describe("ReviewForm", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("requires every field and does not submit", async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole("button", { name: "Create review" }));
    // The check loads the contract's schemas on first use (a dynamic import): the messages come
    // after it, later than the click when this file is the first in its page to check a form.
    expect(await screen.findByText("League is required")).toBeVisible();
    for (const message of [
      "League is required",
      "Season is required",
      "Team is required",
      "Title is required",
      "Description is required",
      "Review text is required",
    ]) {
      expect(screen.getByText(message)).toBeVisible();
    }
    // Each message belongs to its field: the control is invalid and described by it.
    const title = screen.getByRole("textbox", { name: /^Title/ });
    expect(title).toBeInvalid();
    expect(title).toHaveAccessibleDescription(/Title is required/);
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole("textbox", { name: "Title" }), "x");
    expect(screen.queryByText("Title is required")).toBeNull();
  });

  it("marks the fields the contract requires and leaves Players optional, as the contract does", () => {
    renderForm();
    expect(screen.getByRole("textbox", { name: /^Title/ }).getAttribute("aria-required")).toBe("true");
    expect(screen.getByRole("textbox", { name: /^Season/ }).getAttribute("aria-required")).toBe("true");
    const players = screen.getByRole("group", { name: "Players" });
    expect(players.textContent).toContain("Optional");
    const body = { league_id: 1, team_id: 2, season: "S", title: "T", description: "D", review_text: "R" };
    expect(reviewWriteBodySchema.safeParse(body).success).toBe(true);
    expect(reviewWriteBodySchema.safeParse({ ...body, title: "" }).success).toBe(false);
  });

  it("shows 'Failed to create review' and the server's field errors", async () => {
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiRequestError({
        kind: "HTTP_ERROR",
        status: 400,
        message: "Invalid input.",
        error: {
          detail: "Invalid input.",
          code: "validation_error",
          fields: { team_id: "This value is not valid" },
        },
      }),
    );
    renderInApp(
      <ReviewForm
        mode="create"
        initial={{
          ...emptyValues(),
          league_id: 1,
          team_id: 2,
          season: "2026",
          title: "t",
          description: "d",
          review_text: "r",
        }}
        submitting={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Create review" }));
    expect(await screen.findByText("Failed to create review")).toBeVisible();
    expect(screen.getByText("This value is not valid")).toBeVisible();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
