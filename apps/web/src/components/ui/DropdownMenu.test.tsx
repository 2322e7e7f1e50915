import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Profiler, type ProfilerOnRenderCallback, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Dialog } from "./Dialog.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./DropdownMenu.tsx";

function ExportMenu({ onSelect = () => {} }: { onSelect?: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button">Export</button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onSelect}>Image</DropdownMenuItem>
        <DropdownMenuItem>Text</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

describe("closed menus and dialogs", () => {
  afterEach(cleanup);

  // A closed Radix dialog's portal and a mounted Radix menu trigger each set state as they mount:
  // React then renders the screen again, synchronously, and runs every effect of the screen before
  // the first paint (the session board had five dialogs and a menu: a "nested-update" commit).
  it("mount with a screen in one commit, with no render before the first paint", async () => {
    const phases: string[] = [];
    const onRender: ProfilerOnRenderCallback = (_id, phase) => phases.push(phase);
    await act(async () => {
      render(
        <Profiler id="screen" onRender={onRender}>
          <ExportMenu />
          <DropdownMenu>
            <DropdownMenuTrigger aria-label="Theme">T</DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem>Dark</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          {["Rename", "Delete", "Move"].map((title) => (
            <Dialog key={title} open={false} onOpenChange={() => {}} title={title} />
          ))}
        </Profiler>,
      );
    });
    expect(phases).toEqual(["mount"]);
    expect(screen.queryByRole("menu")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("DropdownMenu", () => {
  afterEach(cleanup);

  it("is a closed menu button until pressed, then Radix's menu", async () => {
    let selected = 0;
    render(<ExportMenu onSelect={() => selected++} />);
    const trigger = screen.getByRole("button", { name: "Export" });
    expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(trigger).toHaveAttribute("data-state", "closed");

    fireEvent.pointerDown(trigger, { button: 0, pointerType: "mouse" });
    const menu = await screen.findByRole("menu");
    // The open menu is modal: the rest of the page is hidden from assistive technology meanwhile.
    const opened = screen.getByRole("button", { name: "Export", hidden: true });
    expect(opened).toHaveAttribute("aria-expanded", "true");
    expect(opened).toHaveAttribute("aria-controls", menu.id);

    fireEvent.click(screen.getByRole("menuitem", { name: "Image" }));
    expect(selected).toBe(1);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("opens from the keyboard with its first item focused, and gives focus back when closed", async () => {
    render(<ExportMenu />);
    const trigger = screen.getByRole("button", { name: "Export" });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: "Enter" });
    await screen.findByRole("menu");
    expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Image" }));

    fireEvent.keyDown(document.activeElement as Element, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Export" })));
  });

  it("ignores a right click and a Ctrl press, as Radix's trigger does", () => {
    render(<ExportMenu />);
    const trigger = screen.getByRole("button", { name: "Export" });
    fireEvent.pointerDown(trigger, { button: 2, pointerType: "mouse" });
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: true, pointerType: "mouse" });
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("tells a controlled owner it was asked to open", async () => {
    const asked: boolean[] = [];
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <DropdownMenu
          open={open}
          onOpenChange={(next) => {
            asked.push(next);
            setOpen(next);
          }}
        >
          <DropdownMenuTrigger>More</DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem>Duplicate</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      );
    }
    render(<Controlled />);
    fireEvent.keyDown(screen.getByRole("button", { name: "More" }), { key: "ArrowDown" });
    expect(await screen.findByRole("menuitem", { name: "Duplicate" })).toBeInTheDocument();
    expect(asked).toEqual([true]);
  });
});

describe("Dialog", () => {
  afterEach(cleanup);

  it("mounts when it first opens and opens again after closing", async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Rename
          </button>
          <Dialog open={open} onOpenChange={setOpen} title="Rename this session" />
        </>
      );
    }
    render(<Opener />);
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Rename" }));
    expect(await screen.findByRole("dialog", { name: "Rename this session" })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Rename" }));
    expect(await screen.findByRole("dialog", { name: "Rename this session" })).toBeInTheDocument();
  });
});
