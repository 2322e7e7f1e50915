import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/components/ui/toast-store.ts";
import { copyText, publicDraftUrl } from "../utils/share.ts";

/** Share: copies the public link and confirms with "Share link copied to clipboard!". */
export function useShareSession() {
  const { t } = useTranslation("drafts");
  return useCallback(
    async (sessionId: string) => {
      const url = publicDraftUrl(sessionId);
      if (await copyText(url)) toast.success(t("card.shareCopied"));
      else toast.info(t("card.shareFailed", { url }), { duration: 10_000 });
    },
    [t],
  );
}
