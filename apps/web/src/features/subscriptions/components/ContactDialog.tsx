import { FREE_TRIAL_DAYS, SUPPORT_EMAIL } from "@draftroom/contracts";
import { Check, Copy, Info, Mail } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";

export type ContactReason =
  | { kind: "upgrade"; plan: string }
  | { kind: "switch"; plan: string }
  | { kind: "manage" };

interface Props {
  reason: ContactReason | null;
  onClose: () => void;
  /** Shown when the user may still start the Pro trial. */
  onStartTrial?: (() => void) | undefined;
  trialPending?: boolean;
}

/** Explains that online payment is not available yet and how to reach the team instead. */
export function ContactDialog({ reason, onClose, onStartTrial, trialPending = false }: Props) {
  const { t } = useTranslation("subscriptions");
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!reason) setCopied(false);
  }, [reason]);

  const plan = reason && reason.kind !== "manage" ? reason.plan : "";
  const title =
    reason?.kind === "upgrade"
      ? t("contact.upgradeTitle", { plan })
      : reason?.kind === "switch"
        ? t("contact.switchTitle", { plan })
        : t("contact.manageTitle");
  const body =
    reason?.kind === "upgrade"
      ? t("contact.upgradeBody", { plan })
      : reason?.kind === "switch"
        ? t("contact.switchBody", { plan })
        : t("contact.manageBody");
  const subject = t("contact.subject", { plan: plan || t("contact.manageTitle") });
  const mailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;

  async function copyAddress() {
    try {
      await navigator.clipboard.writeText(SUPPORT_EMAIL);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <Dialog
      open={reason !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={t("contact.unavailable")}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t("contact.close")}
          </Button>
          <a href={mailto} className={buttonClasses("primary")}>
            <Mail aria-hidden="true" className="size-4" />
            {t("contact.email")}
          </a>
        </>
      }
    >
      <div className="flex gap-3 rounded-xl bg-info-soft p-3 text-sm text-fg">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info" />
        <p className="leading-relaxed">{body}</p>
      </div>

      <div className="mt-4 flex items-center justify-between gap-3 rounded-xl border border-border bg-surface-2 px-4 py-3">
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted">{t("contact.emailLabel")}</p>
          <p className="truncate font-mono text-sm font-semibold text-fg">{SUPPORT_EMAIL}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={copyAddress}
          leftIcon={
            copied ? (
              <Check aria-hidden="true" className="size-3.5" />
            ) : (
              <Copy aria-hidden="true" className="size-3.5" />
            )
          }
        >
          {copied ? t("contact.copied") : t("contact.copy")}
        </Button>
      </div>

      {onStartTrial && (
        <div className="mt-4 rounded-xl border border-primary/40 bg-primary-soft p-4">
          <p className="text-sm text-primary-soft-fg">{t("contact.trialHint", { days: FREE_TRIAL_DAYS })}</p>
          <Button
            onClick={onStartTrial}
            loading={trialPending}
            loadingText={t("trial.starting")}
            className="mt-3"
          >
            {t("trial.start", { days: FREE_TRIAL_DAYS })}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
