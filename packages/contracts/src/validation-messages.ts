/**
 * Validation messages. Schemas carry these keys as their Zod messages; the web app translates the
 * key (`validation.<key>` in its locale files), the server answers the English text in `fields`.
 */
export const VALIDATION_MESSAGES_EN = {
  usernameRequired: "Username is required",
  usernameMin: "Username must be at least 3 characters",
  usernameFormat: "Username may contain letters, numbers, dots, dashes and underscores only",
  passwordRequired: "Password is required",
  passwordMin: "Password must be at least 6 characters",
  confirmPasswordRequired: "Please confirm your password",
  passwordsMismatch: "Passwords do not match",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  sessionNameRequired: "Session name is required",
  leagueRequired: "League is required",
  blueTeamRequired: "Blue team is required",
  redTeamRequired: "Red team is required",
  teamsMustDiffer: "Teams must be different",
  banTimerRange: "Ban timer must be between 10 and 300 seconds",
  pickTimerRange: "Pick timer must be between 10 and 300 seconds",
  turnTimerRange: "Turn timer must be between 10 and 300 seconds",
  bankTimerRange: "Reserve bank must be between 0 and 600 seconds",
  delayRange: "Spectator delay must be between 0 and 300 seconds",
  nameRequired: "Name is required",
  webhookUrlRequired: "Paste the Discord webhook URL",
  webhookUrlInvalid: "This is not a Discord webhook URL (https://discord.com/api/webhooks/…)",
  riotGameNameRequired: "The Riot ID's name is required",
  riotTagLineRequired: "The Riot ID's tag is required (the part after #)",
  matchIdRequired: "The match id is required",
  matchIdFormat: "A match id looks like EUW1_7012345678",
  tooLong: "This value is too long",
  seasonRequired: "Season is required",
  teamRequired: "Team is required",
  titleRequired: "Title is required",
  descriptionRequired: "Description is required",
  reviewTextRequired: "Review text is required",
  invalidValue: "This value is not valid",
  unknownField: "This request has no such field",
  seriesNameRequired: "Series name is required",
  teamARequired: "First team is required",
  teamBRequired: "Second team is required",
  workspaceNameRequired: "Workspace name is required",
  workspaceTagRequired: "Tag is required",
  draftPlanNameRequired: "Plan name is required",
  draftPlanTooManyBranches: "A plan holds at most 60 branches",
  draftPlanTooDeep: "Branches nest at most 4 levels deep",
  draftPlanDuplicateBranch: "Two branches share an id",
  commentRequired: "Write a comment first",
  ourSideRequired: "Choose the side your team plays",
  ourSideConflict: "Your linked league team plays the other side in this session",
} as const;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES_EN;

/** Maps a Zod issue message (a validation key) to the English sentence; other messages pass through. */
export function validationMessageEn(message: string): string {
  return message in VALIDATION_MESSAGES_EN ? VALIDATION_MESSAGES_EN[message as ValidationKey] : message;
}

/** Reverse lookup, so the web app can translate an English field error sent by the server. */
export function validationKeyOf(englishMessage: string): ValidationKey | undefined {
  for (const [key, text] of Object.entries(VALIDATION_MESSAGES_EN)) {
    if (text === englishMessage) return key as ValidationKey;
  }
  return undefined;
}
