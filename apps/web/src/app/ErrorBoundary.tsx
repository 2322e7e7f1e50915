import { AlertOctagon, RotateCw } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { logger } from "@/lib/logger.ts";
import { isChunkLoadError } from "./lazy-page.ts";

export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("errors");
  const chunk = isChunkLoadError(error);
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60dvh] max-w-lg flex-col items-center justify-center px-6 text-center"
    >
      <div className="mb-5 grid size-14 place-items-center rounded-2xl bg-danger-soft text-danger">
        <AlertOctagon className="size-7" aria-hidden />
      </div>
      <h1 className="font-bold text-2xl text-fg tracking-tight">
        {chunk ? t("chunk.title") : t("boundary.title")}
      </h1>
      <p className="mt-2 text-muted">{chunk ? t("chunk.message") : t("boundary.message")}</p>
      {error instanceof Error && import.meta.env.DEV && (
        <details className="mt-4 w-full rounded-lg bg-surface-2 p-3 text-left text-xs">
          <summary className="cursor-pointer text-muted">{t("boundary.details")}</summary>
          <pre className="mt-2 overflow-auto whitespace-pre-wrap text-danger">{error.message}</pre>
        </details>
      )}
      <Button
        className="mt-6"
        leftIcon={<RotateCw className="size-4" />}
        onClick={chunk ? () => window.location.reload() : onRetry}
      >
        {chunk ? t("chunk.reload") : t("boundary.tryAgain")}
      </Button>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** When this value changes (e.g. the path) a shown error is cleared. */
  resetKey?: unknown;
}

interface State {
  error: unknown;
  resetKey: unknown;
}

/** Catches render errors, logs and reports them, and offers "Try Again". */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logger.error("Render error", error, { componentStack: info.componentStack ?? undefined });
  }

  override render() {
    if (this.state.error) {
      return <ErrorFallback error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
