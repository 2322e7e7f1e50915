import type { PasswordChangeBody, Preferences, ProfileUpdateBody, User } from "@draftroom/contracts";
import { api } from "@/lib/api.ts";

export const updateProfile = (body: ProfileUpdateBody) => api.patch<User>("/auth/profile/", body);
export const changePassword = (body: PasswordChangeBody) => api.post<null>("/auth/password/", body);
export const updatePreferences = (body: Partial<Preferences>) => api.patch<User>("/users/preferences/", body);
