import type { Champion } from "@draftroom/contracts";
import { Undo2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";

/** A captain's "change my last lock" (shown while `can()` allows the request). */
export function AskCorrectionButton({
  champion,
  onClick,
}: {
  champion: Champion | null;
  onClick: () => void;
}) {
  const { t } = useTranslation("drafts");
  return (
    <Button
      size="sm"
      variant="outline"
      className="h-auto min-h-9 max-w-full self-start py-1.5 text-left whitespace-normal"
      onClick={onClick}
      leftIcon={<Undo2 className="size-4" aria-hidden />}
    >
      {t("room.correction.ask", { champion: champion?.name ?? "?" })}
    </Button>
  );
}
