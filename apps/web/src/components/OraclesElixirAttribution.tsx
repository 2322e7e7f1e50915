import { ORACLES_ELIXIR_URL } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";

/**
 * The credit Oracle's Elixir asks for wherever statistics built from its match data are shown:
 * "Data from Oracle's Elixir" with a link to oracleselixir.com. Used by the Data page and the
 * recommendations panel.
 */
export function OraclesElixirAttribution({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cn("text-muted text-xs", className)}>
      {t("attribution.dataFrom")}{" "}
      <a
        href={ORACLES_ELIXIR_URL}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-fg underline underline-offset-2 hover:text-primary"
      >
        Oracle&apos;s Elixir
      </a>
    </p>
  );
}
