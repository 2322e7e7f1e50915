import type { LoginBody } from "@draftroom/contracts";
import { LogIn } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Field, Input, PasswordInput } from "@/components/ui/Field.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { isApiRequestError } from "@/lib/api.ts";
import { clearAuthError, login, SESSION_EXPIRED, useAuth } from "@/lib/auth.ts";
import { errorMessage, zodFieldErrors } from "@/lib/errors.ts";
import { joiningOf } from "@/lib/redirect-target.ts";
import { loadSchemas, usePreloadedSchemas } from "@/lib/schemas.ts";
import { AuthSubmit, AuthSwitch } from "./AuthFormEnd.tsx";
import { AuthShell, FormErrorBanner } from "./AuthShell.tsx";

type LoginField = keyof LoginBody;

/** Login screen. On success the guest guard sends the user to the requested page or the dashboard. */
export default function LoginPage() {
  const { t } = useTranslation(["auth", "common"]);
  const { error: authError } = useAuth();
  // Opened from an invite: signing in joins that team.
  const joining = joiningOf(useLocation().state);
  const [values, setValues] = useState<LoginBody>({ username: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [banner, setBanner] = useState<string | null>(
    authError === SESSION_EXPIRED ? t("auth:session.expired") : null,
  );
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (authError) clearAuthError();
  }, [authError]);

  const update = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const hasErrors = Object.values(errors).some(Boolean);

  usePreloadedSchemas();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || hasErrors) return;
    setSubmitting(true);
    try {
      const { loginBodySchema } = await loadSchemas();
      const parsed = loginBodySchema.safeParse(values);
      if (!parsed.success) {
        setErrors(zodFieldErrors(parsed.error.issues));
        setSubmitting(false);
        return;
      }
      setBanner(null);
      await login(parsed.data);
      toast.success(t("auth:login.success"));
    } catch (error) {
      const fallback = isApiRequestError(error) && error.detail ? error.detail : t("auth:login.failed");
      setBanner(errorMessage(error, fallback));
      setSubmitting(false);
    }
  };

  return (
    <AuthShell>
      <div className="mb-8">
        <div className="mb-5 grid size-12 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg">
          <LogIn className="size-6" aria-hidden />
        </div>
        <h1 className="font-extrabold text-3xl text-fg tracking-tight">{t("auth:login.title")}</h1>
        <p className="mt-2 text-muted">
          {joining ? t("auth:login.joining", { workspace: joining }) : t("auth:login.description")}
        </p>
      </div>
      <FormErrorBanner message={banner} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <Field label={t("auth:login.username")} error={errors.username}>
          {(control) => (
            <Input
              {...control}
              name="username"
              autoComplete="username"
              autoFocus
              placeholder={t("auth:login.usernamePlaceholder")}
              value={values.username}
              onChange={(event) => update("username", event.target.value)}
              className="h-11"
            />
          )}
        </Field>
        <Field label={t("auth:login.password")} error={errors.password}>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete="current-password"
              placeholder={t("auth:login.passwordPlaceholder")}
              value={values.password}
              onChange={(event) => update("password", event.target.value)}
              className="h-11"
            />
          )}
        </Field>
        <AuthSubmit
          submit={t("auth:login.submit")}
          submitting={t("auth:login.submitting")}
          busy={submitting}
          blocked={hasErrors}
        />
      </form>
      <AuthSwitch prompt={t("auth:login.noAccount")} link={t("auth:login.registerLink")} to="/register" />
    </AuthShell>
  );
}
