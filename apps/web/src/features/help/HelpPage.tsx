import { ROUTES } from "@draftroom/contracts";
import {
  ArrowRight,
  BookOpen,
  CreditCard,
  History,
  ListOrdered,
  type LucideIcon,
  Share2,
  Sparkles,
  Timer,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/Button.tsx";
import { ContactCard } from "./components/ContactCard.tsx";
import { PageHero } from "./components/PageHero.tsx";

const STEPS = ["account", "session", "draft", "review"] as const;

const TOPICS: {
  key: "order" | "timers" | "recommendations" | "modify" | "sharing" | "plans";
  icon: LucideIcon;
  anchor: string;
}[] = [
  { key: "order", icon: ListOrdered, anchor: "order" },
  { key: "timers", icon: Timer, anchor: "live" },
  { key: "recommendations", icon: Sparkles, anchor: "recommendations" },
  { key: "modify", icon: History, anchor: "modify" },
  { key: "sharing", icon: Share2, anchor: "sharing" },
  { key: "plans", icon: CreditCard, anchor: "plans" },
];

/** /help: getting started, topics linking into the docs, and support contact. */
export default function HelpPage() {
  const { t } = useTranslation("help");
  return (
    <div>
      <PageHero eyebrow={t("help.eyebrow")} title={t("help.title")} subtitle={t("help.subtitle")} />
      <div className="mx-auto grid max-w-5xl gap-12 px-4 py-12 sm:px-6 lg:px-8">
        <section aria-labelledby="getting-started">
          <h2 id="getting-started" className="font-bold text-2xl text-fg tracking-tight">
            {t("help.gettingStarted.title")}
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2">
            {STEPS.map((step, index) => (
              <li
                key={step}
                className="flex gap-4 rounded-2xl border border-border bg-surface p-5 shadow-card"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-primary to-secondary font-bold text-white">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-fg">{t(`help.gettingStarted.steps.${step}.title`)}</h3>
                  <p className="mt-1 text-muted text-sm leading-relaxed">
                    {t(`help.gettingStarted.steps.${step}.text`)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="topics">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="topics" className="font-bold text-2xl text-fg tracking-tight">
              {t("help.topics.title")}
            </h2>
            <Link to={ROUTES.docs} className={buttonClasses("ghost", "sm")}>
              <BookOpen className="size-4" aria-hidden />
              {t("help.contact.docs")}
            </Link>
          </div>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {TOPICS.map(({ key, icon: Icon, anchor }) => (
              <li key={key}>
                <Link
                  to={`${ROUTES.docs}#${anchor}`}
                  className="group flex h-full flex-col rounded-2xl border border-border bg-surface p-5 shadow-card transition-colors hover:border-primary/50"
                >
                  <span className="grid size-10 place-items-center rounded-xl bg-primary-soft text-primary-soft-fg">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span className="mt-4 font-semibold text-fg">{t(`help.topics.items.${key}.title`)}</span>
                  <span className="mt-1 flex-1 text-muted text-sm">{t(`help.topics.items.${key}.text`)}</span>
                  <ArrowRight
                    className="mt-4 size-4 text-primary transition-transform group-hover:translate-x-1"
                    aria-hidden
                  />
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <ContactCard
          title={t("help.contact.title")}
          text={t("help.contact.text")}
          action={t("help.contact.email")}
        >
          <Link to={ROUTES.faq} className={buttonClasses("outline", "md")}>
            {t("help.contact.faq")}
          </Link>
        </ContactCard>
      </div>
    </div>
  );
}
