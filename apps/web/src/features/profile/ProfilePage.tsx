import { useTranslation } from "react-i18next";
import { Avatar } from "@/components/ui/Avatar.tsx";
import { Card } from "@/components/ui/Card.tsx";
import { FullScreenSpinner } from "@/components/ui/Spinner.tsx";
import { useAuth } from "@/lib/auth.ts";
import { formatDate } from "@/lib/format.ts";
import { HuesCard } from "./components/HuesCard.tsx";
import { PasswordCard } from "./components/PasswordCard.tsx";
import { PersonalCard } from "./components/PersonalCard.tsx";
import { PreferencesCard } from "./components/PreferencesCard.tsx";

/** /profile: names, email, password, language, theme and custom hues. */
export default function ProfilePage() {
  const { t, i18n } = useTranslation("profile");
  const { user } = useAuth();
  if (!user) return <FullScreenSpinner />;
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(" ") || user.username;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="font-extrabold text-3xl text-fg tracking-tight">{t("title")}</h1>
      <p className="mt-1.5 text-muted">{t("subtitle")}</p>

      <Card className="mt-8 overflow-hidden">
        <div
          aria-hidden
          data-profile-banner
          className="h-20 bg-gradient-to-r from-primary/80 via-secondary/70 to-primary/40"
        />
        {/* The avatar straddles the banner's edge; the name and details start below it. */}
        <div className="flex flex-wrap items-start gap-x-4 gap-y-1 px-6 pb-6">
          <div className="-mt-10 shrink-0 rounded-full bg-surface p-1">
            <span className="block [&>span]:size-16 [&>span]:text-2xl">
              <Avatar user={user} size="lg" />
            </span>
          </div>
          <div className="min-w-0 flex-1 pt-3">
            <p data-profile-name className="truncate font-bold text-fg text-xl">
              {fullName}
            </p>
            <p className="truncate text-muted text-sm">
              @{user.username} · {user.email}
            </p>
          </div>
          {user.date_joined && (
            <p className="basis-full text-subtle text-sm sm:basis-auto sm:pt-4">
              {t("memberSince", { date: formatDate(user.date_joined, i18n.language, { dateStyle: "long" }) })}
            </p>
          )}
        </div>
      </Card>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <PersonalCard key={`${user.id}-${user.email}-${user.first_name}-${user.last_name}`} user={user} />
        <div className="grid gap-6">
          <PreferencesCard />
          <PasswordCard />
        </div>
      </div>
      <div className="mt-6">
        <HuesCard />
      </div>
    </div>
  );
}
