import { ROUTES } from "@draftroom/contracts";
import {
  BarChart3,
  Binoculars,
  BookOpen,
  CircleHelp,
  ClipboardList,
  CreditCard,
  Database,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  ScrollText,
  Users,
  UsersRound,
} from "lucide-react";

export interface NavItem {
  to: string;
  /** Key in the common namespace. */
  label:
    | "nav.draftSessions"
    | "nav.series"
    | "nav.workspaces"
    | "nav.scouting"
    | "nav.subscriptions"
    | "nav.analytics"
    | "nav.data"
    | "nav.rosterReviews"
    | "nav.draftPlans"
    | "nav.help"
    | "nav.docs"
    | "nav.faq";
  icon: LucideIcon;
}

/**
 * The header's navigation: draft sessions (the dashboard), fearless series, workspaces, scouting
 * and draft plans (where a coach looks for them, issue 31).
 */
export const MAIN_NAV: NavItem[] = [
  { to: ROUTES.dashboard, label: "nav.draftSessions", icon: LayoutDashboard },
  { to: ROUTES.series, label: "nav.series", icon: Layers },
  { to: ROUTES.workspaces, label: "nav.workspaces", icon: UsersRound },
  { to: ROUTES.scouting, label: "nav.scouting", icon: Binoculars },
  { to: ROUTES.draftPlans, label: "nav.draftPlans", icon: ClipboardList },
];

/** Signed-in areas reachable from the user menu and the drawer. */
export const ACCOUNT_NAV: NavItem[] = [
  { to: ROUTES.subscriptions, label: "nav.subscriptions", icon: CreditCard },
  { to: ROUTES.analytics, label: "nav.analytics", icon: BarChart3 },
  { to: ROUTES.data, label: "nav.data", icon: Database },
  { to: ROUTES.rosterReviews, label: "nav.rosterReviews", icon: Users },
];

export const HELP_NAV: NavItem[] = [
  { to: ROUTES.help, label: "nav.help", icon: CircleHelp },
  { to: ROUTES.docs, label: "nav.docs", icon: BookOpen },
  { to: ROUTES.faq, label: "nav.faq", icon: ScrollText },
];

/** Active rule: the path equals the item path or starts with it (draft pages count as sessions). */
export function isActive(pathname: string, to: string): boolean {
  if (pathname === to || pathname.startsWith(`${to}/`)) return true;
  return (
    to === ROUTES.dashboard && (pathname === ROUTES.draftList || pathname.startsWith(`${ROUTES.draftList}/`))
  );
}
