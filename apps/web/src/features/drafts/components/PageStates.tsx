import { ROUTES } from "@draftroom/contracts";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";

/** Full-page loading state of a draft screen. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div role="status" className="grid min-h-[60dvh] place-items-center">
      <div className="flex flex-col items-center gap-3 text-muted">
        <Spinner size="lg" />
        <span className="text-sm">{label}</span>
      </div>
    </div>
  );
}

/** Full-page error of a draft screen, with Retry when it may help and an optional way out. */
export function PageError({
  title,
  message,
  onRetry,
  action,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  action?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <ErrorState title={title} message={message} onRetry={onRetry} action={action} />
    </div>
  );
}

/** "Back to Sessions" as the way out of an error. */
export function BackToSessionsButton({ label }: { label: string }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="primary"
      onClick={() => navigate(ROUTES.dashboard)}
      leftIcon={<ArrowLeft className="size-4" aria-hidden />}
    >
      {label}
    </Button>
  );
}
