import { ROUTES } from "@draftroom/contracts";
import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/Button.tsx";
import { ContactCard } from "./components/ContactCard.tsx";
import { PageHero } from "./components/PageHero.tsx";

const QUESTIONS = [
  "free",
  "order",
  "timer",
  "mistake",
  "share",
  "recommendations",
  "teamPools",
  "teamRoles",
  "playerResults",
  "limit",
  "trial",
  "teamReadOnly",
  "change",
  "language",
  "theme",
  "support",
] as const;

/** /faq: questions in an accordion (keyboard operable, one open at a time or none). */
export default function FaqPage() {
  const { t } = useTranslation(["help", "common"]);
  return (
    <div>
      <PageHero
        eyebrow={t("help:faq.eyebrow")}
        title={t("help:faq.title")}
        subtitle={t("help:faq.subtitle")}
      />
      <div className="mx-auto grid max-w-3xl gap-10 px-4 py-12 sm:px-6 lg:px-8">
        <Accordion.Root
          type="single"
          collapsible
          defaultValue="free"
          className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface shadow-card"
        >
          {QUESTIONS.map((key) => (
            <Accordion.Item key={key} value={key}>
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-fg hover:bg-surface-2 sm:px-6">
                  {t(`help:faq.items.${key}.q`)}
                  <ChevronDown
                    className="size-5 shrink-0 text-subtle transition-transform group-data-[state=open]:rotate-180"
                    aria-hidden
                  />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-5 text-muted leading-relaxed sm:px-6">
                {t(`help:faq.items.${key}.a`)}
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
        <ContactCard
          title={t("help:faq.moreQuestions")}
          text={t("help:faq.moreText")}
          action={t("help:faq.contact")}
        >
          <Link to={ROUTES.docs} className={buttonClasses("outline", "md")}>
            {t("common:nav.docs")}
          </Link>
        </ContactCard>
      </div>
    </div>
  );
}
