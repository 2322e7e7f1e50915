import type { ScrimStatus } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";

const TONES: Record<ScrimStatus, BadgeTone> = {
  planned: "neutral",
  confirmed: "info",
  played: "success",
  cancelled: "danger",
};

/** A scrim's status as a badge (words, never colour alone). */
export function StatusBadge({ status }: { status: ScrimStatus }) {
  const { t } = useTranslation("scrims");
  return <Badge tone={TONES[status]}>{t(`status.${status}`)}</Badge>;
}
