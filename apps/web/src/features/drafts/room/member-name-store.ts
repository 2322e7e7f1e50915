const KEY = (roomId: string) => `draftroom.room-member-name.${roomId}`;

/** The name a team member gave in this tab, so a reload rejoins without asking again. */
export const memberNameStore = {
  load(roomId: string): string | null {
    try {
      return sessionStorage.getItem(KEY(roomId));
    } catch {
      return null;
    }
  },
  save(roomId: string, name: string) {
    try {
      sessionStorage.setItem(KEY(roomId), name);
    } catch {
      // Storage disabled: the name is asked again after a reload.
    }
  },
};
