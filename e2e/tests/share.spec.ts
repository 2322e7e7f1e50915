import { readFile } from "node:fs/promises";
import { expectAxeClean } from "../support/axe.ts";
import { SEQUENCE, TWENTY } from "../support/draft-order.ts";
import { authHeaders, expect, signIn, test } from "../support/fixtures.ts";
import { championIds, createDraft } from "./plans-helpers.ts";

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const withoutDate = (file: { exported_at?: string }) => ({ ...file, exported_at: undefined });

test.describe("sharing a draft", () => {
  test("PNG from the public view, copy as text, JSON export then import as a new session", async ({
    browser,
    request,
    user,
  }) => {
    test.setTimeout(120_000);
    const headers = authHeaders(user);
    const created = await createDraft(request, user, "Share scrim");
    expect(created.status(), await created.text()).toBe(201);
    const session = (await created.json()) as { id: string; blue_team_name: string; red_team_name: string };
    const ids = await championIds(request);
    for (const [index, [side, type]] of SEQUENCE.entries()) {
      const res = await request.post(`/api/drafts/sessions/${session.id}/actions/`, {
        headers,
        data: {
          champion_id: ids.get(TWENTY[index]!),
          phase_number: index,
          action_type: type,
          team_side: side,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    // A visitor without an account: the public view's Export menu downloads the card.
    const visitor = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    const page = await visitor.newPage();
    await page.goto(`/app/public/draft/${session.id}`);
    await expect(page.getByRole("heading", { name: "Share scrim" })).toBeVisible();
    await expectAxeClean(page);
    await page.getByRole("button", { name: /export or share this draft/i }).click();
    await expect(page.getByRole("menuitem", { name: /stream image/i })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: /social card/i }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("draft-share-scrim-social.png");
    expect(pngSize(await readFile((await download.path())!))).toEqual({ width: 1200, height: 630 });
    await expect(page.getByText("Image downloaded")).toBeVisible();

    // Copy as text: the summary for a chat lands in the clipboard.
    await page.getByRole("button", { name: /export or share this draft/i }).click();
    await page.getByRole("menuitem", { name: /copy as text/i }).click();
    await expect(page.getByText("Summary copied to the clipboard")).toBeVisible();
    const text = await page.evaluate(() => navigator.clipboard.readText());
    const lines = text.split("\n");
    expect(lines[0]).toBe(`${session.blue_team_name} vs ${session.red_team_name} — Final draft`);
    expect(lines[1]).toContain(`Blue (${session.blue_team_name}) bans: ${TWENTY[0]}`);
    expect(lines[2]).toContain(`Red (${session.red_team_name}) bans: ${TWENTY[1]}`);
    await visitor.close();

    // The owner exports the JSON file from the session page, then imports it as a new session.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signIn(owner, user);
    await owner.goto(`/app/draft/${session.id}`);
    await owner
      .getByRole("button", { name: /export or share this draft/i })
      .first()
      .click();
    const [exported] = await Promise.all([
      owner.waitForEvent("download"),
      owner.getByRole("menuitem", { name: /export json/i }).click(),
    ]);
    expect(exported.suggestedFilename()).toBe("draft-share-scrim.json");
    const fileText = await readFile((await exported.path())!, "utf8");
    const file = JSON.parse(fileText) as { format: string; version: number; exported_at?: string };
    expect(file).toMatchObject({ format: "draftroom.draft", version: 1 });

    await owner.goto("/app/draft");
    const chooser = owner.getByLabel("Import a draft from a Draftroom JSON export");
    // A broken file lists its problems and stores nothing.
    await chooser.setInputFiles({
      name: "broken.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ ...file, version: 7 })),
    });
    const problems = owner.getByRole("dialog", { name: "This file cannot be imported" });
    await expect(problems).toContainText("version");
    await problems.getByRole("button", { name: "Close" }).first().click();
    const before = (
      (await (await request.get("/api/drafts/sessions/", { headers })).json()) as { count: number }
    ).count;
    expect(before).toBe(1);

    await chooser.setInputFiles({
      name: "draft.json",
      mimeType: "application/json",
      buffer: Buffer.from(fileText),
    });
    await expect(owner.getByText("Draft imported as a new session")).toBeVisible();
    await owner.waitForURL(
      (url) => /\/app\/draft\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(session.id),
    );
    const copyId = owner.url().split("/").pop()!;
    const again = await request.get(`/api/drafts/sessions/${copyId}/export/`, { headers });
    expect(again.status()).toBe(200);
    expect(withoutDate(await again.json())).toEqual(withoutDate(file));
    await ownerContext.close();
  });
});
