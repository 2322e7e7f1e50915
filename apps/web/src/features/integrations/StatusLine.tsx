import type { IntegrationError } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/Badge.tsx";
import { formatRelativeTime } from "@/lib/format.ts";
import "./i18n-integrations.d.ts";

/** A service's state in words: connected or not, the last success, the last problem and why. */
export function StatusLine({
  available,
  connected,
  lastSuccessAt,
  lastError,
}: {
  available: boolean;
  connected: boolean;
  lastSuccessAt: string | null;
  lastError: IntegrationError | null;
}) {
  const { t, i18n } = useTranslation("integrations");
  const when = (at: string) => formatRelativeTime(at, i18n.language);
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={!available ? "neutral" : connected ? "success" : "neutral"}>
          {!available
            ? t("status.unavailable")
            : connected
              ? t("status.connected")
              : t("status.notConnected")}
        </Badge>
        {connected && (
          <span className="text-muted">
            {lastSuccessAt ? t("status.lastSuccess", { when: when(lastSuccessAt) }) : t("status.never")}
          </span>
        )}
      </div>
      {connected && lastError && (
        <p role="status" className="rounded-lg border border-danger/40 bg-danger-soft px-3 py-2 text-danger">
          <span className="font-semibold">{t("status.lastError", { when: when(lastError.at) })}</span>{" "}
          {t(`problems.${lastError.problem}`)}
        </p>
      )}
    </div>
  );
}
