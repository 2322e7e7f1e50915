import type { DraftAction, DraftSession, ImageSize, Series } from "@draftroom/contracts";
import { Braces, ChevronDown, ClipboardCopy, Download, Image, MonitorPlay } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/DropdownMenu.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { copyText } from "@/lib/clipboard.ts";
import { errorMessage } from "@/lib/errors.ts";
import { currentLanguage } from "@/lib/i18n.ts";
import { useTheme } from "@/lib/theme.ts";
import { fetchImage, fileName, type ShareSubject, saveFile, shareApi } from "./share-api.ts";
import { draftSummaryText, type SummaryTranslate, seriesSummaryText } from "./summary-text.ts";

export type ShareMenuProps =
  /** Without `actions`, the summary loads them when asked (a panel that only holds the session). */
  (
    | { draft: { session: DraftSession; actions?: readonly DraftAction[] }; series?: never }
    | { series: Series; draft?: never }
  ) & {
    /** The owner's routes (and the JSON export), or the public link's. */
    access: "owner" | "public";
    className?: string;
  };

type Busy = ImageSize | "json" | null;

/**
 * "Export": download the draft or series as a PNG card (social 1200×630 or stream 1920×1080, in
 * the app's theme and language), export it as JSON (owner), or copy a text summary for a chat.
 * Self-contained: a page adds it with one line.
 *
 * @example <ShareMenu draft={{ session, actions }} access="owner" />
 */
export function ShareMenu(props: ShareMenuProps) {
  const { t } = useTranslation("share");
  const { effective } = useTheme();
  const [busy, setBusy] = useState<Busy>(null);
  const subject: ShareSubject = props.draft
    ? { kind: "draft", id: props.draft.session.id, title: props.draft.session.title, access: props.access }
    : { kind: "series", id: props.series.id, title: props.series.title, access: props.access };
  const language = currentLanguage();

  const downloadImage = async (size: ImageSize) => {
    setBusy(size);
    try {
      const blob = await fetchImage(subject, {
        size,
        theme: effective === "dark" ? "dark" : "light",
        lang: language,
      });
      saveFile(blob, fileName(subject, size, "png"));
      toast.success(t("menu.downloaded"));
    } catch (error) {
      toast.error(errorMessage(error, t("menu.imageFailed")), {
        action: { label: t("menu.retry"), onClick: () => void downloadImage(size) },
      });
    } finally {
      setBusy(null);
    }
  };

  const exportJson = async () => {
    setBusy("json");
    try {
      const file =
        subject.kind === "draft"
          ? await shareApi.exportDraft(subject.id)
          : await shareApi.exportSeries(subject.id);
      saveFile(
        new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: "application/json" }),
        fileName(subject, "", "json"),
      );
      toast.success(t("menu.exported"));
    } catch (error) {
      toast.error(errorMessage(error, t("menu.exportFailed")), {
        action: { label: t("menu.retry"), onClick: () => void exportJson() },
      });
    } finally {
      setBusy(null);
    }
  };

  const copySummary = async () => {
    const translate = t as unknown as SummaryTranslate;
    let text: string;
    try {
      text = props.draft
        ? draftSummaryText(
            props.draft.session,
            props.draft.actions ?? (await shareApi.draftActions(subject)),
            translate,
          )
        : seriesSummaryText(props.series, translate);
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    if (await copyText(text)) toast.success(t("menu.copied"));
    else toast.info(t("menu.copyFailed", { text }), { duration: 15_000 });
  };

  const label = subject.kind === "draft" ? t("menu.draftLabel") : t("menu.seriesLabel");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className={props.className}
          loading={busy !== null}
          loadingText={busy === "json" ? t("menu.json") : t("menu.preparing")}
          aria-label={busy === null ? label : undefined}
          leftIcon={<Download className="size-4" aria-hidden />}
          rightIcon={<ChevronDown className="size-3.5" aria-hidden />}
        >
          {t("menu.trigger")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel className="text-xs font-semibold text-subtle uppercase tracking-wider">
          {t("menu.image")}
        </DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => void downloadImage("social")}>
          <Image aria-hidden />
          <MenuText title={t("menu.social")} hint={t("menu.socialHint")} />
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void downloadImage("stream")}>
          <MonitorPlay aria-hidden />
          <MenuText title={t("menu.stream")} hint={t("menu.streamHint")} />
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {props.access === "owner" && (
          <DropdownMenuItem onSelect={() => void exportJson()}>
            <Braces aria-hidden />
            <MenuText title={t("menu.json")} hint={t("menu.jsonHint")} />
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => void copySummary()}>
          <ClipboardCopy aria-hidden />
          <MenuText title={t("menu.text")} hint={t("menu.textHint")} />
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MenuText({ title, hint }: { title: string; hint: string }) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-medium">{title}</span>
      <span className="text-subtle text-xs">{hint}</span>
    </span>
  );
}
