import type { ReactNode } from "react";

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: ReactNode;
}

/** Eyebrow, title and subtitle of a landing section; the title labels the section. */
export function SectionHeading({ id, eyebrow, title, subtitle }: SectionHeadingProps) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center sm:mb-12">
      <p className="mb-3 text-xs font-bold tracking-[0.18em] text-primary-soft-fg uppercase">{eyebrow}</p>
      <h2
        id={id}
        tabIndex={-1}
        className="font-display focus:outline-none text-3xl font-extrabold tracking-tight text-balance sm:text-4xl"
      >
        {title}
      </h2>
      {subtitle && <p className="mt-4 text-base text-pretty text-muted sm:text-lg">{subtitle}</p>}
    </div>
  );
}
