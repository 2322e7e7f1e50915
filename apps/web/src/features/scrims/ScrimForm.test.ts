import { scrimCreateBodySchema, scrimUpdateBodySchema } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { scrimOf } from "./fixtures.test-data.ts";
import { initialValues, toCreateBody, toUpdateBody } from "./ScrimForm.tsx";

/**
 * The server names a body field its route does not take (decision 066): the edit's body is the
 * create's with the fields only a create takes removed, so a field added to one and not the other
 * would fail every edit. Both bodies parse with their routes' schemas held strict, as the server
 * holds them.
 */
describe("the scrim form's request bodies", () => {
  const values = {
    ...initialValues(),
    opponentName: "Karmine Corp Blue",
    patch: "15.1",
    notes: "Bo3, fearless",
    firstSelection: "us:side" as const,
  };

  it("carry only the fields of the create route", () => {
    const parsed = scrimCreateBodySchema.strict().safeParse(toCreateBody(values));
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it("carry only the fields of the edit route", () => {
    const body = toUpdateBody(values);
    const parsed = scrimUpdateBodySchema.strict().safeParse(body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    // And everything an edit can change is sent.
    expect(Object.keys(body).sort()).toEqual(Object.keys(scrimUpdateBodySchema.shape).sort());
  });

  it("keep an untitled scrim untitled: its default name is never saved as a title", () => {
    const untitled = scrimOf({ title: "Scrim vs Koi", untitled: true });
    expect(initialValues(untitled).title).toBe("");
    expect(toUpdateBody(initialValues(untitled)).title).toBe("");
    // A title the staff gave is kept as given, even one that reads like the default.
    expect(toUpdateBody(initialValues(scrimOf({ title: "Scrim vs Koi", untitled: false }))).title).toBe(
      "Scrim vs Koi",
    );
  });
});
