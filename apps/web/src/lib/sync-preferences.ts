import type { Preferences, User } from "@draftroom/contracts";
import { api } from "@/lib/api.ts";
import { authStore, updateStoredUser } from "@/lib/auth.ts";
import { logger } from "@/lib/logger.ts";

/** Saves a header-level preference change to the account when signed in (best effort). */
export function syncPreference(change: Partial<Preferences>): void {
  const { user, isAuthenticated } = authStore.get();
  if (!isAuthenticated || !user) return;
  api
    .patch<User>("/users/preferences/", change)
    .then((updated) => {
      if (updated && typeof updated === "object" && "username" in updated) updateStoredUser(updated);
    })
    .catch((error) => logger.warn("Could not save the preference", error));
}
