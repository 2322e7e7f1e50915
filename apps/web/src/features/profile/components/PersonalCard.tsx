import type { User } from "@draftroom/contracts";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Card, CardBody, CardHeader } from "@/components/ui/Card.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { updateStoredUser } from "@/lib/auth.ts";
import { errorMessage, fieldErrors, zodFieldErrors } from "@/lib/errors.ts";
import { useWithSchemas } from "@/lib/schemas.ts";
import { updateProfile } from "../api.ts";

type Values = { first_name: string; last_name: string; email: string };

export function PersonalCard({ user }: { user: User }) {
  const { t } = useTranslation("profile");
  const [values, setValues] = useState<Values>({
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      updateStoredUser(updated);
      toast.success(t("personal.saved"));
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, t("personal.failed")));
    },
  });
  const dirty =
    values.first_name !== user.first_name ||
    values.last_name !== user.last_name ||
    values.email !== user.email;
  const hasErrors = Object.values(errors).some(Boolean);

  const update = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const withSchemas = useWithSchemas();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || hasErrors) return;
    void withSchemas(
      ({ profileUpdateBodySchema }) => {
        // Every field is asked for here (the API also accepts a partial update).
        const parsed = profileUpdateBodySchema.required().safeParse(values);
        if (!parsed.success) setErrors(zodFieldErrors(parsed.error.issues));
        else mutation.mutate(parsed.data);
      },
      (error) => toast.error(errorMessage(error, t("personal.failed"))),
    );
  };

  const input = (field: keyof Values, label: string, props: Record<string, string> = {}) => (
    <Field label={label} required error={errors[field]}>
      {(control) => (
        <Input
          {...control}
          {...props}
          name={field}
          value={values[field]}
          onChange={(event) => update(field, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Card>
      <CardHeader title={t("personal.title")} description={t("personal.description")} />
      <CardBody>
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          {input("first_name", t("personal.firstName"), { autoComplete: "given-name" })}
          {input("last_name", t("personal.lastName"), { autoComplete: "family-name" })}
          <div className="sm:col-span-2">
            {input("email", t("personal.email"), { type: "email", autoComplete: "email" })}
          </div>
          <Field label={t("personal.username")} hint={t("personal.usernameHint")} className="sm:col-span-2">
            {(control) => <Input {...control} value={`@${user.username}`} disabled readOnly />}
          </Field>
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" loading={mutation.isPending} disabled={!dirty || hasErrors}>
              {t("personal.save")}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
