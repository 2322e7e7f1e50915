import { useTranslation } from "react-i18next";

/**
 * A scrim's score as "2–1" on screen and "Score: us 2, them 1" to a screen reader (a dash between
 * two numbers is read as a minus). The caller's element sets its size.
 */
export function ScrimScore({ score }: { score: { us: number; them: number } }) {
  const { t } = useTranslation("scrims");
  return (
    <>
      <span aria-hidden>
        {score.us}–{score.them}
      </span>
      <span className="sr-only">{t("scoreLabel", { us: score.us, them: score.them })}</span>
    </>
  );
}
