/**
 * The web app's component tests that need a page of their own, run isolated in "web-isolated":
 * those that reset the module registry (`vi.resetModules`, to import a module as a page load
 * would) or mock a module for the whole file (`vi.mock`, `vi.doMock`), and those that set up
 * i18next with their own texts instead of the app's. The app's i18n module sets up the one
 * i18next instance, and react-i18next reads one global instance: a reset, or another set-up,
 * would leave every later file in the worker without the app's texts. Paths are from apps/web;
 * own-page.test.ts fails when a file that does one of these is missing here.
 */
export const WEB_OWN_PAGE = [
  // Reset or mock modules.
  "src/lib/auth.test.ts",
  "src/lib/schemas.test.tsx",
  "src/features/drafts/room/connection.test.ts",
  // Set up i18next with their own texts.
  "src/components/draft-board/DraftBoard.test.tsx",
  "src/components/scrims/ScrimFeeds.test.tsx",
  "src/components/workspace/MentionTextarea.test.tsx",
  "src/features/draft-plans/components/ReorderList.test.tsx",
  "src/features/drafts/components/RecommendationsPanel.test.tsx",
  "src/features/drafts/practice/PracticeReviewPanel.test.tsx",
  "src/features/scouting/components/OwnTeamSource.test.tsx",
];
