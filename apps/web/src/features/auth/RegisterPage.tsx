import { type RegisterForm, ROUTES } from "@draftroom/contracts";
import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Field, Input, PasswordInput } from "@/components/ui/Field.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { isApiRequestError } from "@/lib/api.ts";
import { register } from "@/lib/auth.ts";
import { errorMessage, fieldErrors, zodFieldErrors } from "@/lib/errors.ts";
import { joiningOf, redirectTarget } from "@/lib/redirect-target.ts";
import { loadSchemas, usePreloadedSchemas } from "@/lib/schemas.ts";
import { AuthSubmit, AuthSwitch } from "./AuthFormEnd.tsx";
import { AuthShell, FormErrorBanner } from "./AuthShell.tsx";

type RegisterField = keyof RegisterForm;

const EMPTY: RegisterForm = {
  first_name: "",
  last_name: "",
  username: "",
  email: "",
  password: "",
  confirmPassword: "",
};

/** Server field names → form field names. */
const SERVER_FIELD: Record<string, RegisterField> = { password_confirm: "confirmPassword" };

/** Registration. With a token in the answer → dashboard; without → login. */
export default function RegisterPage() {
  const { t } = useTranslation(["auth", "common"]);
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<RegisterForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<RegisterField, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const update = (field: RegisterField, value: string) => {
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
      const { registerFormSchema } = await loadSchemas();
      const parsed = registerFormSchema.safeParse(values);
      if (!parsed.success) {
        setErrors(zodFieldErrors(parsed.error.issues));
        setSubmitting(false);
        return;
      }
      const { confirmPassword, ...rest } = parsed.data;
      setBanner(null);
      const signedIn = await register({ ...rest, password_confirm: confirmPassword });
      if (signedIn) {
        toast.success(t("auth:register.success"));
        // Back where registering was asked from (a quick room to save), else the dashboard.
        void navigate(redirectTarget(location.state), { replace: true });
      } else {
        toast.success(t("auth:register.successLogin"));
        void navigate(ROUTES.login, { replace: true, state: location.state });
      }
    } catch (error) {
      const serverFields = fieldErrors(error);
      const mapped: Partial<Record<RegisterField, string>> = {};
      for (const [field, message] of Object.entries(serverFields)) {
        const name = SERVER_FIELD[field] ?? (field as RegisterField);
        if (name in EMPTY) mapped[name] = message;
      }
      if (isApiRequestError(error) && (error.code === "username_taken" || error.code === "email_taken")) {
        mapped[error.code === "username_taken" ? "username" : "email"] = errorMessage(error);
      }
      setErrors(mapped);
      const fallback = isApiRequestError(error) && error.detail ? error.detail : t("auth:register.failed");
      setBanner(Object.keys(mapped).length > 0 ? t("auth:register.failed") : errorMessage(error, fallback));
      setSubmitting(false);
    }
  };

  const text = (field: RegisterField, label: string, props: Record<string, string | boolean> = {}) => (
    <Field label={label} required error={errors[field]}>
      {(control) => (
        <Input
          {...control}
          {...props}
          name={field}
          value={values[field]}
          onChange={(event) => update(field, event.target.value)}
          className="h-11"
        />
      )}
    </Field>
  );

  const password = (field: "password" | "confirmPassword", label: string) => (
    <Field label={label} required error={errors[field]}>
      {(control) => (
        <PasswordInput
          {...control}
          name={field}
          autoComplete="new-password"
          value={values[field]}
          onChange={(event) => update(field, event.target.value)}
          className="h-11"
        />
      )}
    </Field>
  );

  // Opened from an invite: the account is made to join that team, not to start alone.
  const joining = joiningOf(location.state);
  return (
    <AuthShell>
      <div className="mb-7">
        <div className="mb-5 grid size-12 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg">
          <UserPlus className="size-6" aria-hidden />
        </div>
        <h1 className="font-extrabold text-3xl text-fg tracking-tight">{t("auth:register.title")}</h1>
        <p className="mt-2 text-muted">
          {joining ? t("auth:register.joining", { workspace: joining }) : t("auth:register.description")}
        </p>
      </div>
      <FormErrorBanner message={banner} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-3">
          {text("first_name", t("auth:register.firstName"), { autoComplete: "given-name", autoFocus: true })}
          {text("last_name", t("auth:register.lastName"), { autoComplete: "family-name" })}
        </div>
        {text("username", t("auth:register.username"), { autoComplete: "username" })}
        {text("email", t("auth:register.email"), { type: "email", autoComplete: "email" })}
        {password("password", t("auth:register.password"))}
        {password("confirmPassword", t("auth:register.confirmPassword"))}
        <AuthSubmit
          submit={t("auth:register.submit")}
          submitting={t("auth:register.submitting")}
          busy={submitting}
          blocked={hasErrors}
        />
      </form>
      <AuthSwitch prompt={t("auth:register.haveAccount")} link={t("auth:register.loginLink")} to="/login" />
    </AuthShell>
  );
}
