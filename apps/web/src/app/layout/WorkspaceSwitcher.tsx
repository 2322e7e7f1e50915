import { ROUTES } from "@draftroom/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Settings2, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/DropdownMenu.tsx";
import { collabKeys } from "@/lib/collab-api.ts";
import { chooseWorkspace } from "@/lib/current-workspace.ts";
import { QueryProvider } from "@/lib/QueryProvider.tsx";
import { SwitcherFace, switcherTriggerClass, useSwitcherLabel } from "./WorkspaceSwitcherFace.tsx";
import { useWorkspaceSwitcher } from "./workspace-switcher-state.ts";

/**
 * The header's workspace switcher (a Radix menu: arrow keys, Enter, Escape): the personal space
 * and each workspace; lists and create dialogs follow the choice. On a workspace page it opens
 * the chosen workspace.
 */
export function WorkspaceSwitcher({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { workspaces, current, unread } = useWorkspaceSwitcher();
  const label = useSwitcherLabel(current, unread);
  const client = useQueryClient();

  const choose = (value: string) => {
    const id = value === "personal" ? null : value;
    // The cached landing answer moves with the choice, so a refetch never switches back.
    client.setQueryData(collabKeys.landing, { workspace_id: id, chosen: true });
    void chooseWorkspace(id);
    if (pathname.startsWith(ROUTES.workspaces)) void navigate(id ? ROUTES.workspace(id) : ROUTES.workspaces);
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label={label} className={switcherTriggerClass}>
        <SwitcherFace current={current} unread={unread} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-w-[min(20rem,calc(100vw-1.5rem))]">
        <DropdownMenuLabel className="text-muted text-xs">{t("workspaceSwitcher.menu")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current?.id ?? "personal"} onValueChange={choose}>
          <DropdownMenuRadioItem value="personal">
            <UserRound aria-hidden />
            {t("workspaceSwitcher.personal")}
          </DropdownMenuRadioItem>
          {workspaces.map((workspace) => (
            <DropdownMenuRadioItem key={workspace.id} value={workspace.id}>
              <span
                aria-hidden
                className="size-3 shrink-0 rounded-full"
                style={{ background: workspace.colour }}
              />
              <span className="truncate">{workspace.name}</span>
              <span className="ml-auto text-muted text-xs">{workspace.tag}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(ROUTES.workspaces)}>
          <Settings2 aria-hidden />
          {t("workspaceSwitcher.manage")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The switcher with the app's query client (the header lives outside the lazy screens' provider). */
export function WorkspaceSwitcherWithQueries() {
  return (
    <QueryProvider>
      <WorkspaceSwitcher />
    </QueryProvider>
  );
}
