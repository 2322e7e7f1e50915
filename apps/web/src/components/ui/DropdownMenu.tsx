import { DropdownMenu as Menu, Slot } from "radix-ui";
import { type ComponentProps, createContext, type ReactNode, useContext, useState } from "react";
import { cn } from "@/lib/cn.ts";
import { useOpenedOnce } from "@/lib/useOpenedOnce.ts";

interface MenuMountState {
  /** Whether the menu has been open at least once: its trigger and content are Radix's from then on. */
  opened: boolean;
  open: () => void;
}
const MenuMount = createContext<MenuMountState>({ opened: true, open: () => {} });

/**
 * Radix's menu, left dormant until it first opens. A mounted Radix trigger hands its element to the
 * menu's positioning as it attaches, and a closed menu's portal sets its state as it mounts: either
 * made a screen's first commit render again, synchronously, and run every effect of the screen
 * before its first paint. Until the first open, the trigger is a plain button that looks and
 * answers the same (a press, Enter, Space or Down opens the menu) and nothing of the content is
 * mounted.
 */
export function DropdownMenu({
  open,
  defaultOpen = false,
  onOpenChange,
  ...rest
}: ComponentProps<typeof Menu.Root>) {
  const [openHere, setOpenHere] = useState(defaultOpen);
  const isOpen = open ?? openHere;
  const opened = useOpenedOnce(isOpen);
  const change = (next: boolean) => {
    setOpenHere(next);
    onOpenChange?.(next);
  };
  return (
    <MenuMount.Provider value={{ opened, open: () => change(true) }}>
      <Menu.Root open={isOpen} onOpenChange={change} {...rest} />
    </MenuMount.Provider>
  );
}

export function DropdownMenuTrigger({
  asChild,
  onPointerDown,
  onKeyDown,
  ...rest
}: ComponentProps<typeof Menu.Trigger>) {
  const menu = useContext(MenuMount);
  if (menu.opened)
    return <Menu.Trigger asChild={asChild} onPointerDown={onPointerDown} onKeyDown={onKeyDown} {...rest} />;
  const Element = asChild ? Slot.Root : "button";
  return (
    <Element
      type={asChild ? undefined : "button"}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...rest}
      onPointerDown={(event) => {
        onPointerDown?.(event);
        // As Radix's trigger: the left button without Ctrl opens, and focus stays where it is.
        if (event.defaultPrevented || rest.disabled || event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        menu.open();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || rest.disabled) return;
        if (event.key !== "Enter" && event.key !== " " && event.key !== "ArrowDown") return;
        event.preventDefault();
        menu.open();
      }}
    />
  );
}

export const DropdownMenuGroup = Menu.Group;
export const DropdownMenuRadioGroup = Menu.RadioGroup;

export function DropdownMenuContent({
  className,
  align = "end",
  ...rest
}: ComponentProps<typeof Menu.Content>) {
  const { opened } = useContext(MenuMount);
  if (!opened) return null;
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
