/** The report's shape while it loads, with a visible, announced label. */
export function ReportSkeleton({ label }: { label: string }) {
  return (
    <div className="mt-6 space-y-5" role="status" aria-live="polite">
      <p className="text-sm text-muted">{label}</p>
      <div aria-hidden="true" className="h-10 w-64 animate-pulse rounded-xl bg-surface-3" />
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="h-20 animate-pulse rounded-2xl bg-surface-3" />
        ))}
      </div>
      <div aria-hidden="true" className="grid gap-4 lg:grid-cols-3">
        <div className="h-72 animate-pulse rounded-2xl bg-surface-3 lg:col-span-2" />
        <div className="h-72 animate-pulse rounded-2xl bg-surface-3 max-lg:hidden" />
      </div>
    </div>
  );
}
