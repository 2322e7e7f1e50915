import { type CustomHues, DEFAULT_HUES, HUE_NAMES, type HueName } from "@draftroom/contracts";
import { Palette, RotateCcw, Sparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Card, CardBody, CardHeader } from "@/components/ui/Card.tsx";
import { previewHues, useTheme } from "@/lib/theme.ts";
import { savePreferences } from "./PreferencesCard.tsx";

const SATURATION: Record<HueName, number> = { primary: 75, secondary: 70, accent: 92, neutral: 30 };

function sameHues(a: CustomHues, b: CustomHues): boolean {
  return HUE_NAMES.every((name) => a[name] === b[name]);
}

function HueSlider({
  name,
  value,
  onChange,
}: {
  name: HueName;
  value: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation("profile");
  const id = `hue-${name}`;
  return (
    <div>
      <div className="mb-2 flex items-center justify-between">
        <label htmlFor={id} className="flex items-center gap-2 font-medium text-fg text-sm">
          <span
            aria-hidden
            className="size-4 rounded-full ring-2 ring-surface shadow"
            style={{ background: `hsl(${value} ${SATURATION[name]}% 55%)` }}
          />
          {t(`hues.${name}`)}
        </label>
        <span className="rounded-md bg-surface-2 px-2 py-0.5 font-mono text-muted text-xs tabular-nums">
          {t("hues.degrees", { value })}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={360}
        step={1}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="hue-range h-2.5 w-full cursor-pointer appearance-none rounded-full"
        style={{
          background: `linear-gradient(to right, ${[0, 60, 120, 180, 240, 300, 360]
            .map((h) => `hsl(${h} ${SATURATION[name]}% 55%)`)
            .join(", ")})`,
        }}
      />
    </div>
  );
}

/** Preview of real tokens: the whole app follows the sliders until saved or discarded. */
function LivePreview() {
  const { t } = useTranslation("profile");
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-background">
      <div className="flex items-center justify-between border-border border-b bg-surface px-4 py-3">
        <div className="flex items-center gap-2">
          <span className="size-2.5 rounded-full bg-primary" aria-hidden />
          <span className="font-semibold text-fg text-sm">{t("hues.previewTitle")}</span>
        </div>
        <Badge tone="primary">{t("hues.previewPhase")}</Badge>
      </div>
      <div className="grid grid-cols-2 gap-3 p-4">
        <div className="rounded-xl border border-team-blue/30 bg-team-blue-soft p-3">
          <p className="mb-2 font-bold text-team-blue text-xs uppercase tracking-wider">
            {t("hues.previewBlue")}
          </p>
          <div className="flex gap-1.5">
            {["b1", "b2", "b3"].map((slot) => (
              <span key={slot} className="size-7 rounded-md bg-gradient-to-br from-primary to-secondary" />
            ))}
            <span className="size-7 rounded-md border-2 border-primary border-dashed" />
          </div>
        </div>
        <div className="rounded-xl border border-team-red/30 bg-team-red-soft p-3">
          <p className="mb-2 font-bold text-team-red text-xs uppercase tracking-wider">
            {t("hues.previewRed")}
          </p>
          <div className="flex gap-1.5">
            {["r1", "r2"].map((slot) => (
              <span key={slot} className="size-7 rounded-md bg-gradient-to-br from-secondary to-accent" />
            ))}
            <span className="size-7 rounded-md bg-surface-3" />
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-border border-t bg-surface px-4 py-3">
        <span className="inline-flex h-8 items-center rounded-md bg-primary px-3 font-semibold text-primary-fg text-sm">
          {t("hues.previewAction")}
        </span>
        <span className="inline-flex h-8 items-center rounded-md border border-border-strong px-3 font-semibold text-fg text-sm">
          {t("hues.previewSecondary")}
        </span>
        <Badge tone="accent" className="ml-auto">
          <Sparkles className="size-3" aria-hidden />
          {t("hues.previewBadge")}
        </Badge>
      </div>
    </div>
  );
}

export function HuesCard() {
  const { t } = useTranslation("profile");
  const { hues: saved, setHues } = useTheme();
  const [draft, setDraft] = useState<CustomHues>(saved);
  const [saving, setSaving] = useState(false);
  const dirty = !sameHues(draft, saved);

  // Live preview across the app; leaving the page without saving restores the saved hues.
  useEffect(() => {
    previewHues(draft);
  }, [draft]);
  useEffect(() => () => previewHues(null), []);

  const save = async () => {
    setSaving(true);
    setHues(draft);
    await savePreferences({ custom_hues: draft }, t("hues.saved"), t("preferences.failed"));
    setSaving(false);
  };

  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <Palette className="size-4 text-primary" aria-hidden />
            {t("hues.title")}
          </span>
        }
        description={t("hues.description")}
      />
      <CardBody className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid gap-5">
          {HUE_NAMES.map((name) => (
            <HueSlider
              key={name}
              name={name}
              value={draft[name]}
              onChange={(value) => setDraft((current) => ({ ...current, [name]: value }))}
            />
          ))}
        </div>
        <div>
          <p className="mb-2 font-medium text-fg text-sm">{t("hues.preview")}</p>
          <LivePreview />
          {dirty && (
            <p className="mt-2 text-warning text-xs" role="status">
              {t("hues.unsaved")}
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2 lg:col-span-2">
          <Button
            variant="ghost"
            leftIcon={<RotateCcw className="size-4" />}
            onClick={() => setDraft({ ...DEFAULT_HUES })}
            disabled={sameHues(draft, DEFAULT_HUES)}
          >
            {t("hues.reset")}
          </Button>
          <Button variant="outline" onClick={() => setDraft(saved)} disabled={!dirty}>
            {t("hues.discard")}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!dirty}>
            {t("hues.save")}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
