import type { Migration } from "kysely";
import * as foundation from "./20251121140000_foundation.ts";
import * as accounts from "./20251121140100_accounts.ts";
import * as subscriptions from "./20251121140200_subscriptions.ts";
import * as reviews from "./20251121140300_reviews.ts";
import * as draftsSessions from "./20261121135500_drafts_sessions.ts";
import * as matches from "./20261121135600_matches.ts";
import * as draftsUserForeignKeys from "./20261121150000_drafts_user_foreign_keys.ts";
import * as draftsChangeNotifications from "./20261121160000_drafts_change_notifications.ts";
import * as matchesPlayers from "./20261124020000_matches_players.ts";
import * as draftsFormats from "./20261124030000_drafts_formats.ts";
import * as seriesTables from "./20261124030100_series_tables.ts";
import * as roomsLive from "./20261124040000_rooms_live.ts";
import * as roomsTeam from "./20261125010000_rooms_team.ts";
import * as roomsDelayCorrections from "./20261125020000_rooms_delay_corrections.ts";
import * as roomsLifecycle from "./20261125030000_rooms_lifecycle.ts";
import * as practiceDrafts from "./20261125080000_practice_drafts.ts";
import * as workspacesMembership from "./20261127030000_workspaces_membership.ts";
import * as workspacesItems from "./20261127030100_workspaces_items.ts";
import * as workspacesRoster from "./20261127030200_workspaces_roster.ts";
import * as draftPlans from "./20261127040000_draft_plans.ts";
import * as shareImageCache from "./20261127050000_share_image_cache.ts";
import * as dataUpdatesSources from "./20261127050100_data_updates_sources.ts";
import * as dataUpdatesErrorCodes from "./20261127050200_data_updates_error_codes.ts";
import * as draftsUntimed from "./20261128020000_drafts_untimed.ts";
import * as draftPlansLive from "./20261128030000_draft_plans_live.ts";
import * as activityFeed from "./20261128040000_activity_feed.ts";
import * as commentsMentions from "./20261128040100_comments_mentions.ts";
import * as workspacePriorities from "./20261128050000_workspace_priorities.ts";
import * as reviewsWorkspace from "./20261129010000_reviews_workspace.ts";
import * as activityReviewItems from "./20261129010100_activity_review_items.ts";
import * as workspaceAccessNotifications from "./20261129030000_workspace_access_notifications.ts";
import * as commentsReviewsPublicIds from "./20261129033000_comments_reviews_public_ids.ts";
import * as workspacesBillingOffer from "./20261129034000_workspaces_billing_offer.ts";
import * as activityPublicIds from "./20261129060000_activity_public_ids.ts";
import * as rosterPlayersPublicIds from "./20261129060100_roster_players_public_ids.ts";
import * as roomLinksPublicIds from "./20261129060200_room_links_public_ids.ts";
import * as roomsOurTeam from "./20261129070000_rooms_our_team.ts";
import * as activitySeatsJoinsPools from "./20261129080000_activity_seats_joins_pools.ts";
import * as roomEventsCommandKey from "./20261129090000_room_events_command_key.ts";
import * as roomTeamPublicIds from "./20261129100000_room_team_public_ids.ts";
import * as subscriptionsPublicIds from "./20261129100100_subscriptions_public_ids.ts";
import * as teamsWorkspaceGames from "./20261129110000_teams_workspace_games.ts";
import * as workspaceChoices from "./20261129110200_workspace_choices.ts";
import * as workspaceInvitesLabel from "./20261129110300_workspace_invites_label.ts";
import * as scrimsLedger from "./20261129110400_scrims_ledger.ts";
import * as integrations from "./20261129120000_integrations.ts";
import * as scrimsCalendarSequence from "./20261129140000_scrims_calendar_sequence.ts";
import * as integrationDeliveriesKey from "./20261129140100_integration_deliveries_key.ts";
import * as scrimResultsOnDrafts from "./20261204060000_scrim_results_on_drafts.ts";
import * as activityItemUntitled from "./20261204200000_activity_item_untitled.ts";

/**
 * Every migration, listed statically so esbuild bundles them. Kysely runs them in name order:
 * name a new file `YYYYMMDDHHMMSS_<module>_<what>.ts` (UTC now) and add ONE line below.
 */
export const migrations: Record<string, Migration> = {
  "20251121140000_foundation": foundation,
  "20251121140100_accounts": accounts,
  "20251121140200_subscriptions": subscriptions,
  "20251121140300_reviews": reviews,
  "20261121135500_drafts_sessions": draftsSessions,
  "20261121135600_matches": matches,
  "20261121150000_drafts_user_foreign_keys": draftsUserForeignKeys,
  "20261121160000_drafts_change_notifications": draftsChangeNotifications,
  "20261124020000_matches_players": matchesPlayers,
  "20261124030000_drafts_formats": draftsFormats,
  "20261124030100_series_tables": seriesTables,
  "20261124040000_rooms_live": roomsLive,
  "20261125010000_rooms_team": roomsTeam,
  "20261125030000_rooms_lifecycle": roomsLifecycle,
  "20261125080000_practice_drafts": practiceDrafts,
  "20261125020000_rooms_delay_corrections": roomsDelayCorrections,
  "20261127030000_workspaces_membership": workspacesMembership,
  "20261127050000_share_image_cache": shareImageCache,
  "20261127040000_draft_plans": draftPlans,
  "20261127030100_workspaces_items": workspacesItems,
  "20261127030200_workspaces_roster": workspacesRoster,
  "20261127050100_data_updates_sources": dataUpdatesSources,
  "20261127050200_data_updates_error_codes": dataUpdatesErrorCodes,
  "20261128050000_workspace_priorities": workspacePriorities,
  "20261128040000_activity_feed": activityFeed,
  "20261128040100_comments_mentions": commentsMentions,
  "20261128030000_draft_plans_live": draftPlansLive,
  "20261128020000_drafts_untimed": draftsUntimed,
  "20261129010000_reviews_workspace": reviewsWorkspace,
  "20261129010100_activity_review_items": activityReviewItems,
  "20261129030000_workspace_access_notifications": workspaceAccessNotifications,
  "20261129034000_workspaces_billing_offer": workspacesBillingOffer,
  "20261129033000_comments_reviews_public_ids": commentsReviewsPublicIds,
  "20261129060000_activity_public_ids": activityPublicIds,
  "20261129060100_roster_players_public_ids": rosterPlayersPublicIds,
  "20261129060200_room_links_public_ids": roomLinksPublicIds,
  "20261129070000_rooms_our_team": roomsOurTeam,
  "20261129080000_activity_seats_joins_pools": activitySeatsJoinsPools,
  "20261129090000_room_events_command_key": roomEventsCommandKey,
  "20261129100000_room_team_public_ids": roomTeamPublicIds,
  "20261129100100_subscriptions_public_ids": subscriptionsPublicIds,
  "20261129110000_teams_workspace_games": teamsWorkspaceGames,
  "20261129110200_workspace_choices": workspaceChoices,
  "20261129110300_workspace_invites_label": workspaceInvitesLabel,
  "20261129110400_scrims_ledger": scrimsLedger,
  "20261129120000_integrations": integrations,
  "20261129140000_scrims_calendar_sequence": scrimsCalendarSequence,
  "20261129140100_integration_deliveries_key": integrationDeliveriesKey,
  "20261204060000_scrim_results_on_drafts": scrimResultsOnDrafts,
  "20261204200000_activity_item_untitled": activityItemUntitled,
};
