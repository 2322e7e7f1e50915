import type { PasswordChangeBody } from "@draftroom/contracts";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Card, CardBody, CardHeader } from "@/components/ui/Card.tsx";
import { Field, PasswordInput } from "@/components/ui/Field.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { isApiRequestError } from "@/lib/api.ts";
import { errorMessage, fieldErrors, zodFieldErrors } from "@/lib/errors.ts";
import { useWithSchemas } from "@/lib/schemas.ts";
import { changePassword } from "../api.ts";

const EMPTY: PasswordChangeBody = { current_password: "", new_password: "", new_password_confirm: "" };

export function PasswordCard() {
  const { t } = useTranslation("profile");
  const [values, setValues] = useState<PasswordChangeBody>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordChangeBody, string>>>({});
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setValues(EMPTY);
      toast.success(t("password.saved"));
    },
    onError: (error) => {
      const fields: Partial<Record<keyof PasswordChangeBody, string>> = fieldErrors(error);
      if (isApiRequestError(error) && error.code === "wrong_password") {
        fields.current_password ??= errorMessage(error);
      }
      setErrors(fields);
      toast.error(errorMessage(error, t("password.failed")));
    },
  });
  const hasErrors = Object.values(errors).some(Boolean);

  const update = (field: keyof PasswordChangeBody, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const withSchemas = useWithSchemas();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || hasErrors) return;
    void withSchemas(
      ({ passwordChangeBodySchema }) => {
        const parsed = passwordChangeBodySchema.safeParse(values);
        if (!parsed.success) setErrors(zodFieldErrors(parsed.error.issues));
        else mutation.mutate(parsed.data);
      },
      (error) => toast.error(errorMessage(error, t("password.failed"))),
    );
  };

  const input = (field: keyof PasswordChangeBody, label: string, autoComplete: string) => (
    <Field label={label} required error={errors[field]}>
      {(control) => (
        <PasswordInput
          {...control}
          name={field}
          autoComplete={autoComplete}
          value={values[field]}
          onChange={(event) => update(field, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Card>
      <CardHeader title={t("password.title")} description={t("password.description")} />
      <CardBody>
        <form noValidate onSubmit={submit} className="grid gap-4">
          {input("current_password", t("password.current"), "current-password")}
          <div className="grid gap-4 sm:grid-cols-2">
            {input("new_password", t("password.new"), "new-password")}
            {input("new_password_confirm", t("password.confirm"), "new-password")}
          </div>
          <div className="flex justify-end">
            <Button
              type="submit"
              variant="outline"
              loading={mutation.isPending}
              loadingText={t("password.saving")}
              disabled={hasErrors}
            >
              {t("password.save")}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
