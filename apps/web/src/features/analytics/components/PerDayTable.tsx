import type { Analytics } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { formatDay } from "../utils.ts";

/**
 * What the sessions-per-day charts (the analytics page's and the dashboard's) read to assistive
 * technology: a table of the days with sessions.
 */
export function PerDayTable({ data, title }: { data: Analytics["per_day"]; title: string }) {
  const { t, i18n } = useTranslation("analytics");
  const active = data.filter((day) => day.created > 0 || day.completed > 0);
  return (
    <table>
      <caption>{t("charts.dataTable", { chart: title })}</caption>
      <thead>
        <tr>
          <th scope="col">{t("charts.date")}</th>
          <th scope="col">{t("charts.created")}</th>
          <th scope="col">{t("charts.completed")}</th>
        </tr>
      </thead>
      <tbody>
        {active.map((day) => (
          <tr key={day.date}>
            <th scope="row">{formatDay(day.date, i18n.language, "long")}</th>
            <td>{day.created}</td>
            <td>{day.completed}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
