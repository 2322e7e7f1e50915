import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../support/fixtures.ts";
import { joinAsMember, joinRoomLink, openLiveRoom } from "../support/rooms.ts";

/**
 * Team seats in a live room: a coach on the blue team link gives a name, sees the captain's hover,
 * suggests and chats; the blue captain sees who suggested what and locks it with one key; the red
 * captain (in Spanish) sees none of it.
 */
test.describe("live rooms: team seats", () => {
  test("a coach suggests, the captain locks it with one key, the other team sees nothing", async ({
    browser,
    request,
    user,
  }) => {
    test.setTimeout(120_000);
    const room = await openLiveRoom(request, user);
    const blue = await joinRoomLink(browser, room.path("blue_captain"));
    const coach = await joinRoomLink(browser, room.path("blue_team"));
    const red = await joinRoomLink(browser, room.path("red_captain"), { language: "es" });

    // The coach names themself; the member view has the team chat, private to the team.
    await joinAsMember(coach.page, "Coach Kim");
    await expect(coach.page.getByText(`You: ${room.blue} team`)).toBeVisible();
    await expect(coach.page.getByText("No messages yet. Say hello to your team.")).toBeVisible();

    // Spanish on the red side: the ready check and the team chat speak it.
    await expect(red.page.getByText(`Tú: Capitán de ${room.red}`)).toBeVisible();
    await expect(red.page.getByRole("heading", { name: `Chat del equipo ${room.red}` })).toBeVisible();

    await blue.page.getByRole("button", { name: "I'm ready" }).click();
    await red.page.getByRole("button", { name: "Estoy listo" }).click();
    await expect(blue.page.getByText("Your turn: ban")).toBeVisible();

    // The coach sees the captain's hover live, and suggests a ban.
    await expect(coach.page.getByRole("heading", { name: "Suggest a ban to your captain" })).toBeVisible();
    await blue.page.getByRole("option", { name: "Aatrox", exact: true }).click();
    await expect(coach.page.getByText("Your captain is considering Aatrox")).toBeVisible();
    await coach.page.getByRole("option", { name: "Ahri", exact: true }).click();
    await coach.page.getByRole("button", { name: "Suggest", exact: true }).click();
    await expect(coach.page.getByText("You suggested Ahri")).toBeVisible();
    await coach.page.getByRole("textbox", { name: "Message to your team" }).fill("Ban Ahri, trust me");
    await coach.page.getByRole("button", { name: "Send" }).click();

    // The captain sees who suggested what, in the list and in the team chat.
    const suggestion = blue.page.getByRole("button", { name: "Lock Ahri, suggested by Coach Kim (key 1)" });
    await expect(suggestion).toBeVisible();
    await expect(suggestion).toHaveAttribute("aria-keyshortcuts", "1");
    await expect(blue.page.getByTestId("team-chat").getByText("Ban Ahri, trust me")).toBeVisible();
    await expect(blue.page.getByText("Coach Kim suggests Ahri. Press 1 to lock it.")).toBeAttached();

    // The member view passes axe while suggesting (grid, hover, chat).
    expect((await new AxeBuilder({ page: coach.page }).analyze()).violations.map((v) => v.id)).toEqual([]);

    // One key locks it: the draft moves on for everyone.
    await blue.page.locator("body").click({ position: { x: 5, y: 5 } });
    await blue.page.keyboard.press("1");
    await expect(red.page.getByText("Tu turno: ban")).toBeVisible();
    await expect(coach.page.getByText(`${room.blue} banned Ahri`).first()).toBeVisible();

    // Nothing of the blue team's channel reached the red side.
    await expect(
      red.page.getByTestId("team-chat").getByText("Aún no hay mensajes. Saluda a tu equipo."),
    ).toBeVisible();
    const redText = await red.page.locator("body").innerText();
    expect(redText).not.toContain("Coach Kim");
    expect(redText).not.toContain("trust me");

    for (const context of [blue.context, coach.context, red.context]) await context.close();
  });
});
