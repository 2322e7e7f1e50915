import type { Workspace } from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CreditCard } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { errorMessage } from "@/lib/errors.ts";
import { personLabel } from "@/lib/person.ts";
import { workspaceKeys, workspacesApi } from "./api.ts";
import "./i18n-workspaces.d.ts";

/**
 * Who pays for the workspace and what its plan gives every member inside it (decision 053), shown
 * to every member; and handing that bill to another owner with their consent (decision 042): the
 * billing owner offers it to another active owner, who accepts or declines it. Until someone
 * accepts it the billing owner cannot leave (see `LeaveButton`).
 */
export function BillingSection({ workspace, userId }: { workspace: Workspace; userId: number | undefined }) {
  const { t } = useTranslation("workspaces");
  const id = useId();
  const client = useQueryClient();
  const { owner, offer } = workspace.billing;
  const youPay = owner.user_id === userId;
  const offeredToYou = offer !== null && offer.user_id === userId;
  const members = useQuery({
    queryKey: workspaceKeys.members(workspace.id),
    queryFn: () => workspacesApi.members(workspace.id),
    enabled: youPay && offer === null,
  });
  const otherOwners = (members.data ?? []).filter(
    (member) => member.role === "owner" && member.status === "active" && member.user_id !== userId,
  );
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const target = chosen ?? otherOwners[0]?.user_id;
  const refresh = () => client.invalidateQueries({ queryKey: workspaceKeys.all });
  const onError = (error: unknown) => toast.error(errorMessage(error));
  const offerBill = useMutation({
    mutationFn: (targetId: number) => workspacesApi.offerBill(workspace.id, targetId),
    onSuccess: refresh,
    onError,
  });
  const withdraw = useMutation({
    mutationFn: () => workspacesApi.withdrawBillOffer(workspace.id),
    onSuccess: refresh,
    onError,
  });
  const accept = useMutation({
    mutationFn: () => workspacesApi.acceptBill(workspace.id),
    onSuccess: async () => {
      toast.success(t("billing.accepted", { name: workspace.name }));
      await refresh();
    },
    onError,
  });

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-border bg-surface p-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold text-fg">
        <CreditCard className="size-5 text-muted" aria-hidden />
        {t("billing.title")}
      </h2>
      <p className="mt-1 text-sm text-fg">
        {youPay ? t("billing.youPay") : t("billing.paidBy", { name: personLabel(owner) })}
      </p>
      {/* What the team's plan gives every member here (a team pays once); read-only: the banner says why. */}
      {workspace.plan_features && (
        <p className="mt-1 text-sm text-muted">
          {t(workspace.plan_features.advanced_analytics ? "billing.coversAll" : "billing.coversTeam")}
        </p>
      )}
      {offeredToYou && (
        <fieldset aria-describedby={`${id}-offer`} className="mt-3 flex flex-col gap-2">
          <legend className="sr-only">{t("billing.title")}</legend>
          <p id={`${id}-offer`} className="text-sm text-fg">
            {t("billing.offeredToYou", { name: personLabel(owner) })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" loading={accept.isPending} onClick={() => accept.mutate()}>
              {t("billing.accept")}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={accept.isPending}
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate()}
            >
              {t("billing.decline")}
            </Button>
          </div>
        </fieldset>
      )}
      {youPay && offer !== null && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <p className="text-sm text-muted">{t("billing.offered", { name: personLabel(offer) })}</p>
          <Button size="sm" variant="outline" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
            {t("billing.withdraw")}
          </Button>
        </div>
      )}
      {youPay && offer === null && members.isSuccess && otherOwners.length === 0 && (
        <p className="mt-3 text-sm text-muted">{t("billing.noOtherOwner")}</p>
      )}
      {youPay && offer === null && otherOwners.length > 0 && (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (target !== undefined) offerBill.mutate(target);
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-to`} className="text-sm font-medium text-fg">
              {t("billing.offerTo")}
            </label>
            <NativeSelect
              id={`${id}-to`}
              className="w-48"
              value={target}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {otherOwners.map((member) => (
                <option key={member.user_id} value={member.user_id}>
                  {personLabel(member)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" size="sm" loading={offerBill.isPending}>
            {t("billing.offer")}
          </Button>
          <p className="basis-full text-xs text-muted">{t("billing.offerHint")}</p>
        </form>
      )}
    </section>
  );
}
