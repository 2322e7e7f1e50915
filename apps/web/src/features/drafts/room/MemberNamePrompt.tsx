import { memberName, TEAM_MEMBER_NAME_MAX_CHARS } from "@draftroom/draft";
import { UsersRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Input } from "@/components/ui/Field.tsx";

/**
 * A team link's first screen: the member (player or coach) says who they are. Their team sees
 * the name beside their suggestions and messages; the organiser sees it in the seat list.
 */
export function MemberNamePrompt({
  initial,
  onSubmit,
}: {
  initial: string;
  onSubmit: (name: string) => void;
}) {
  const { t } = useTranslation("drafts");
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = memberName(value);
    if (!checked.ok) {
      setError(
        checked.code === "message_too_long" ? t("room.team.nameTooLong") : t("room.team.nameRequired"),
      );
      return;
    }
    onSubmit(checked.text);
  };
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10">
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby={`${id}-title`}
        className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-card dark:bg-surface/80"
      >
        <div>
          <h1 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold tracking-tight text-fg">
            <UsersRound className="size-5 text-primary" aria-hidden />
            {t("room.team.nameTitle")}
          </h1>
          <p className="mt-1 text-sm text-muted">{t("room.team.nameText")}</p>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-name`} className="text-sm font-semibold text-fg">
            {t("room.team.nameLabel")}
          </label>
          <Input
            id={`${id}-name`}
            name="name"
            autoComplete="nickname"
            autoFocus
            maxLength={TEAM_MEMBER_NAME_MAX_CHARS + 8}
            value={value}
            invalid={error !== null}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p
              id={`${id}-error`}
              role="alert"
              className="text-sm font-medium text-[hsl(354_72%_40%)] dark:text-danger"
            >
              {error}
            </p>
          ) : (
            <p id={`${id}-hint`} className="text-xs text-muted">
              {t("room.team.nameHint", { count: TEAM_MEMBER_NAME_MAX_CHARS })}
            </p>
          )}
        </div>
        <Button type="submit">{t("room.team.join")}</Button>
      </form>
    </div>
  );
}
