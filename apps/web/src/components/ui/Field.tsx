import { Eye, EyeOff } from "lucide-react";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";

export const inputClasses = (invalid?: boolean, className?: string) =>
  cn(
    "block w-full rounded-lg border bg-surface px-3.5 text-fg text-sm shadow-xs transition-[border-color,box-shadow]",
    "placeholder:text-subtle focus:outline-none focus-visible:outline-none focus:ring-4",
    "disabled:cursor-not-allowed disabled:bg-surface-2 disabled:text-subtle",
    invalid
      ? "border-danger focus:border-danger focus:ring-danger/15"
      : "border-border-strong hover:border-subtle focus:border-primary focus:ring-primary/20",
    className,
  );

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ invalid, className, ref, ...rest }: InputProps) {
  return (
    <input
      ref={ref}
      aria-invalid={invalid || undefined}
      className={inputClasses(invalid, cn("h-10", className))}
      {...rest}
    />
  );
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ invalid, className, ref, rows = 3, ...rest }: TextareaProps) {
  return (
    <textarea
      ref={ref}
      rows={rows}
      aria-invalid={invalid || undefined}
      className={inputClasses(invalid, cn("py-2.5 leading-relaxed", className))}
      {...rest}
    />
  );
}

/** Password input with a show/hide toggle button. */
export function PasswordInput({ className, ...rest }: InputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...rest} type={visible ? "text" : "password"} className={cn("pr-11", className)} />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={visible ? t("ui.hidePassword") : t("ui.showPassword")}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-subtle hover:text-fg"
      >
        {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}

export interface FieldProps {
  label: ReactNode;
  /** Translated error text; sets aria-invalid/aria-describedby on the control. */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Receives the ids to spread on the control. */
  children: (control: {
    id: string;
    "aria-invalid": boolean | undefined;
    "aria-describedby": string | undefined;
    "aria-required": boolean | undefined;
    invalid: boolean;
  }) => ReactNode;
}

/**
 * Label + control + hint + error. The asterisk marks required fields.
 *
 * @example
 * <Field label={t("auth:register.email")} required error={errors.email}>
 *   {(p) => <Input {...p} type="email" value={email} onChange={…} />}
 * </Field>
 */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="font-medium text-fg text-sm">
        {label}
        {required && (
          <span className="ml-0.5 text-danger" aria-hidden>
            *
          </span>
        )}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        "aria-required": required || undefined,
        invalid: Boolean(error),
      })}
      {hint && !error && (
        <p id={hintId} className="text-subtle text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="font-medium text-danger text-xs" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
