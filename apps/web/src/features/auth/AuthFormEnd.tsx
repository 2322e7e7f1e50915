import { Link } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { useReturnHere } from "@/lib/redirect-target.ts";

interface AuthFormEndProps {
  /** The submit button's label, and its label while the request runs. */
  submit: string;
  submitting: string;
  busy: boolean;
  /** Submission is blocked while the form shows errors. */
  blocked: boolean;
}

/** The full-width submit button that closes both auth forms. */
export function AuthSubmit({ submit, submitting, busy, blocked }: AuthFormEndProps) {
  return (
    <Button
      type="submit"
      size="lg"
      className="mt-2 w-full"
      loading={busy}
      loadingText={submitting}
      disabled={blocked}
    >
      {submit}
    </Button>
  );
}

/** "No account? Register" under the login form, "Have an account? Sign in" under registration. */
export function AuthSwitch({
  prompt,
  link,
  to,
}: {
  prompt: string;
  link: string;
  to: "/login" | "/register";
}) {
  // Switching between the forms keeps where they were asked from (an invite, a room's link).
  const back = useReturnHere();
  return (
    <p className="mt-8 text-center text-muted text-sm">
      {prompt}{" "}
      <Link to={to} state={back} className="font-semibold text-primary hover:underline">
        {link}
      </Link>
    </p>
  );
}
