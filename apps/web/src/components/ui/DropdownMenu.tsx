import { DropdownMenu as Menu } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn.ts";

export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;
export const DropdownMenuRadioGroup = Menu.RadioGroup;

export function DropdownMenuContent({
  className,
  align = "end",
  ...rest
}: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        align={align}
        sideOffset={8}
        className={cn(
          "z-50 min-w-[13rem] overflow-hidden rounded-xl border border-border bg-surface p-1.5 shadow-pop data-[state=open]:animate-pop-in",
          className,
        )}
        {...rest}
      />
    </Menu.Portal>
  );
}

const itemClass =
  "relative flex cursor-pointer select-none items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-fg outline-none data-[highlighted]:bg-surface-2 data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:text-subtle";

export function DropdownMenuItem({ className, ...rest }: ComponentProps<typeof Menu.Item>) {
  return <Menu.Item className={cn(itemClass, className)} {...rest} />;
}

export function DropdownMenuRadioItem({
  className,
  children,
  ...rest
}: ComponentProps<typeof Menu.RadioItem> & { children: ReactNode }) {
  return (
    <Menu.RadioItem className={cn(itemClass, "pr-8", className)} {...rest}>
      {children}
      <Menu.ItemIndicator className="absolute right-2.5 size-2 rounded-full bg-primary" />
    </Menu.RadioItem>
  );
}

export function DropdownMenuLabel({ className, ...rest }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn("px-2.5 py-2", className)} {...rest} />;
}

export function DropdownMenuSeparator({ className, ...rest }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn("-mx-1.5 my-1.5 h-px bg-border", className)} {...rest} />;
}
