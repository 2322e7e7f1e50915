import { FREE_TRIAL_DAYS } from "@draftroom/contracts";
import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";
import { useTranslation } from "react-i18next";

const QUESTIONS = ["change", "downgrade", "trial"] as const;

export function PlanFaq() {
  const { t } = useTranslation("subscriptions");
  return (
    <section aria-labelledby="plans-faq-heading" className="mx-auto mt-12 max-w-3xl">
      <h2 id="plans-faq-heading" className="text-center text-xl font-bold tracking-tight text-fg">
        {t("faq.heading")}
      </h2>
      <Accordion.Root
        type="multiple"
        className="mt-5 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface shadow-card"
      >
        {QUESTIONS.map((question) => (
          <Accordion.Item key={question} value={question}>
            <Accordion.Header className="m-0">
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-sm font-semibold text-fg transition hover:bg-surface-2">
                {t(`faq.${question}Q`)}
                <ChevronDown
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180"
                />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-4 text-sm leading-relaxed text-muted">
              {t(`faq.${question}A`, { days: FREE_TRIAL_DAYS })}
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
