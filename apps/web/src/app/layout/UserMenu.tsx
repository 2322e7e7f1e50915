import { ROUTES } from "@draftroom/contracts";
import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Avatar } from "@/components/ui/Avatar.tsx";
import { buttonClasses } from "@/components/ui/Button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/DropdownMenu.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { displayName, logout, useAuth } from "@/lib/auth.ts";
import { useReturnHere } from "@/lib/redirect-target.ts";
import { ACCOUNT_NAV, HELP_NAV } from "./nav-items.ts";

export function useLogout() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  return async () => {
    await logout();
    toast.success(t("logout.success"));
    void navigate(ROUTES.login, { replace: true });
  };
}

/** Signed out: Login + Sign up. Signed in: avatar, name and the account dropdown. */
export function UserMenu({
  compact = false,
  defaultOpen = false,
}: {
  compact?: boolean;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const { user, isAuthenticated } = useAuth();
  const doLogout = useLogout();
  const back = useReturnHere();

  if (!isAuthenticated || !user) {
    return (
      <div className="flex items-center gap-2">
        <span className={compact ? "hidden sm:contents" : "contents"}>
          <Link to="/login" state={back} className={buttonClasses("ghost", "sm", "whitespace-nowrap")}>
            {t("auth.login")}
          </Link>
        </span>
        <Link to="/register" state={back} className={buttonClasses("primary", "sm", "whitespace-nowrap")}>
          {t("auth.signUp")}
        </Link>
      </div>
    );
  }

  const fullName = [user.first_name, user.last_name].filter(Boolean).join(" ").trim();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger
        aria-label={t("auth.userMenu")}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 transition-colors hover:bg-surface-2 data-[state=open]:bg-surface-2"
      >
        <Avatar user={user} />
        <span className="hidden max-w-[9rem] truncate font-semibold text-fg text-sm md:inline">
          {displayName(user) ?? t("auth.fallbackName")}
        </span>
        <ChevronDown className="hidden size-4 text-subtle md:inline" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3">
          <Avatar user={user} size="lg" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-fg text-sm">
              {fullName || (displayName(user) ?? t("auth.fallbackName"))}
            </p>
            <p className="truncate text-muted text-xs">@{user.username}</p>
            <p className="truncate text-subtle text-xs">{user.email}</p>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={ROUTES.profile}>
            <UserRound />
            {t("nav.profile")}
          </Link>
        </DropdownMenuItem>
        {ACCOUNT_NAV.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to}>
              <item.icon />
              {t(item.label)}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem asChild>
          <Link to={HELP_NAV[0]!.to}>
            {(() => {
              const Icon = HELP_NAV[0]!.icon;
              return <Icon />;
            })()}
            {t("nav.help")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void doLogout()} className="text-danger [&_svg]:text-danger">
          <LogOut />
          {t("auth.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
