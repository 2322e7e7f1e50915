import type { Champion, ScrimDraftLogBody, ScrimRules } from "@draftroom/contracts";
import { buildFormat } from "@draftroom/draft";
import { FileUp } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { errorMessage } from "@/lib/errors.ts";
import { loadSchemas, type Schemas } from "@/lib/schemas.ts";
import { Segmented } from "./Segmented.tsx";

interface Props {
  rules: ScrimRules;
  champions: Champion[];
  pending: boolean;
  onSubmit: (body: ScrimDraftLogBody) => void;
  onCancel: () => void;
}

/**
 * "Log a game drafted elsewhere": every step of the scrim's format in order (the board's order, so
 * the pick order is kept), or a Draftroom JSON export. packages/draft on the server checks it.
 */
export function DraftLogger({ rules, champions, pending, onSubmit, onCancel }: Props) {
  const { t } = useTranslation("scrims");
  const steps = buildFormat(rules.format).steps;
  const [ourSide, setOurSide] = useState<"BLUE" | "RED">("BLUE");
  const [picked, setPicked] = useState<string[]>(() => steps.map(() => ""));
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const used = new Set(picked.filter(Boolean));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = steps.findIndex((step, i) => step.type === "PICK" && picked[i] === "");
    if (missing >= 0) {
      setProblem(t("log.missingPick", { step: missing + 1 }));
      return;
    }
    setProblem(null);
    onSubmit({
      our_side: ourSide,
      format: rules.format,
      actions: picked.map((value) => ({ champion_id: value === "" ? null : Number(value) })),
    });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    let schemas: Schemas;
    try {
      schemas = await loadSchemas();
    } catch (error) {
      setProblem(errorMessage(error));
      return;
    }
    try {
      const parsed = schemas.draftExportSchema.parse(JSON.parse(await file.text()));
      setProblem(null);
      onSubmit({ our_side: ourSide, file: parsed });
    } catch {
      setProblem(t("log.fileInvalid"));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t("log.title")}>
      <Segmented
        legend={t("result.ourSide")}
        options={[
          { value: "BLUE" as const, label: t("side.BLUE") },
          { value: "RED" as const, label: t("side.RED") },
        ]}
        value={ourSide}
        onChange={setOurSide}
      />
      <ol className="grid gap-2 sm:grid-cols-2">
        {steps.map((step, i) => (
          <li key={step.index} className="flex items-center gap-2">
            <span
              className={`w-24 shrink-0 text-xs font-semibold ${step.side === "BLUE" ? "text-team-blue" : "text-team-red"}`}
              aria-hidden
            >
              {i + 1}. {t(`side.${step.side}`)} {t(`log.${step.type}`)}
            </span>
            <NativeSelect
              aria-label={t("log.stepLabel", {
                step: i + 1,
                side: t(`side.${step.side}`),
                type: t(`log.${step.type}`),
              })}
              value={picked[i]}
              onChange={(e) => setPicked(picked.map((v, j) => (j === i ? e.target.value : v)))}
            >
              <option value="">{step.type === "BAN" ? t("log.noBan") : t("log.choose")}</option>
              {champions.map((champion) => (
                <option
                  key={champion.id}
                  value={champion.id}
                  disabled={used.has(String(champion.id)) && picked[i] !== String(champion.id)}
                >
                  {champion.name}
                </option>
              ))}
            </NativeSelect>
          </li>
        ))}
      </ol>
      {problem && (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t("form.cancel")}
        </Button>
        <Button type="button" variant="outline" onClick={() => fileInput.current?.click()}>
          <FileUp className="size-4" aria-hidden /> {t("log.import")}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        <Button type="submit" loading={pending}>
          {t("log.save")}
        </Button>
      </div>
    </form>
  );
}
