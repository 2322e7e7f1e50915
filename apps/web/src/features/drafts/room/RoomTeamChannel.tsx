import type { Champion } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { ChatDrawer } from "./ChatDrawer.tsx";
import type { ClientRoom } from "./room-state.ts";
import { TeamChat } from "./TeamPanel.tsx";
import type { RoomSend } from "./useRoomPlay.ts";

/**
 * A team's private channel (decision 010). A captain's eyes stay on the board: its chat is a
 * drawer with an unread count; a member's is on the page.
 */
export function RoomTeamChannel({
  room,
  teamName,
  championsById,
  send,
}: {
  room: ClientRoom;
  teamName: string;
  championsById: ReadonlyMap<number, Champion>;
  send: (command: RoomSend) => Promise<void>;
}) {
  const { t } = useTranslation("drafts");
  const chat = (
    <TeamChat
      channel={room.team}
      teamName={teamName}
      captainLabel={t("room.team.captain")}
      championsById={championsById}
      send={send}
    />
  );
  if (room.seat.role !== "captain") return chat;
  return <ChatDrawer messageIds={room.team.messages.map((message) => message.id)}>{chat}</ChatDrawer>;
}
