import type { WorkspaceMember } from "@draftroom/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { useState } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import collab from "@/locales/en/collab.json";
import { MentionTextarea } from "./MentionTextarea.tsx";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { collab } },
    ns: ["collab"],
    defaultNS: "collab",
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const member = (user_id: number, username: string): WorkspaceMember => ({
  user_id,
  username,
  name: null,
  role: "player",
  status: "active",
  joined_at: "2026-11-01T00:00:00.000Z",
  last_seen_at: null,
});

function Box() {
  const [value, setValue] = useState("");
  return (
    <I18nextProvider i18n={i18next}>
      <MentionTextarea
        value={value}
        onChange={setValue}
        members={[member(1, "zeus"), member(2, "zed_main"), { ...member(3, "xq_7"), name: "Ana Pérez" }]}
        label="Write a comment"
        onSubmit={() => {}}
      />
    </I18nextProvider>
  );
}

describe("MentionTextarea", () => {
  it("puts the caret after an inserted mention before the next key, so fast typing follows it", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Box />);
    const box = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Write a comment" });
    await user.type(box, "@ze");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["@zeus", "@zed_main"]);
    await user.keyboard("{ArrowDown}{Enter}can ");
    // A frame passes while the user types: nothing placed later may move the caret back.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    await user.keyboard("you play Azir?");
    expect(box.value).toBe("@zed_main can you play Azir?");
  });

  it("finds a member by the name the team knows them by, accents or not, and inserts the username", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Box />);
    const box = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Write a comment" });
    await user.type(box, "@pere");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["@xq_7Ana Pérez"]);
    await user.keyboard("{Enter}");
    expect(box.value).toBe("@xq_7 ");
  });
});
