import type { ScrimGroupFigure } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { ChartCard, ChartEmpty } from "@/components/ChartCard.tsx";
import { percent, recordText } from "./figures.ts";

interface Props {
  title: string;
  hint?: string;
  figures: readonly ScrimGroupFigure[];
  /** Labels for group keys the server names in English (sides, verdicts). */
  label?: (figure: ScrimGroupFigure) => string;
  limit?: number;
  className?: string;
}

/**
 * Win rate per group: the group's name, its record ("7-2 (78%) · n=9") and a bar under the record
 * with a mark at 50 %. A small sample is drawn faded and says so in words (never by colour alone).
 * A table is what screen readers get.
 *
 * Drawn in HTML, like the scouting report's bars (decision 073). The record used to sit inside a
 * chart library's bar: a group we never beat (a 0 % bar) lost its record altogether, a short bar
 * wrapped it word by word, and dark text on the solid bar was hard to read. Beside the bar, the
 * record reads the same at any rate, width and theme.
 */
export function WinRateChart({ title, hint, figures, label = (f) => f.label, limit = 8, className }: Props) {
  const { t } = useTranslation("scrims");
  const shown = figures.slice(0, limit);
  return (
    <ChartCard
      title={title}
      hint={hint}
      className={className}
      alternative={
        shown.length > 0 && (
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t("analytics.group")}</th>
                <th scope="col">{t("analytics.record")}</th>
                <th scope="col">{t("analytics.sample")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((figure) => (
                <tr key={figure.key}>
                  <th scope="row">{label(figure)}</th>
                  <td>{recordText(figure)}</td>
                  <td>
                    {figure.n}
                    {figure.small_sample ? ` (${t("analytics.smallSample")})` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    >
      {shown.length === 0 ? (
        <ChartEmpty>{t("analytics.noGames")}</ChartEmpty>
      ) : (
        <div className="flex flex-col gap-2.5" data-testid="win-rate-bars">
          {shown.map((figure) => (
            <div key={figure.key} className="grid grid-cols-[5.75rem_minmax(0,1fr)] items-center gap-x-3">
              <span className="break-words text-right text-xs text-fg">{label(figure)}</span>
              <span className="flex min-w-0 flex-col gap-1">
                <span className="text-xs text-fg tabular-nums">
                  {figure.n === 0 ? (
                    <span className="text-muted">{t("analytics.noGames")}</span>
                  ) : (
                    <>
                      {recordText(figure)} <span className="text-muted">· n={figure.n}</span>
                      {figure.small_sample && <span className="text-warning"> · {t("analytics.small")}</span>}
                    </>
                  )}
                </span>
                <span className="relative h-2.5 overflow-hidden rounded-full bg-surface-2">
                  <span
                    className="absolute inset-y-0 left-0 rounded-full bg-primary"
                    style={{ width: `${percent(figure)}%`, opacity: figure.small_sample ? 0.45 : 1 }}
                  />
                  {/* Even: the mark at 50 % that a record is read against. */}
                  <span className="absolute inset-y-0 left-1/2 border-l border-dashed border-border-strong" />
                </span>
              </span>
            </div>
          ))}
        </div>
      )}
    </ChartCard>
  );
}
