import { ChevronDown } from "lucide-react";
import type { Ref, SelectHTMLAttributes } from "react";
import { inputClasses } from "@/components/ui/Field.tsx";
import { cn } from "@/lib/cn.ts";

interface Props extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/** A styled native select: accessible, keyboard and mobile friendly. */
export function NativeSelect({ invalid, className, children, ref, ...rest }: Props) {
  return (
    <div className="relative">
      <select
        ref={ref}
        aria-invalid={invalid || undefined}
        className={inputClasses(invalid, cn("h-10 appearance-none pr-9", className))}
        {...rest}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-subtle"
      />
    </div>
  );
}
