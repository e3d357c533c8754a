// What a bar menu's button looks like, shared by the menu (nav-menu.tsx) and the stand-in drawn
// until the menu's code has loaded (lazy-nav-menu.tsx), so nothing moves when it arrives.

export const MENU_BUTTON =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap text-zinc-700 hover:bg-zinc-100 data-open:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export function MenuChevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      <path d="M5.2 7.5a.75.75 0 0 1 1.06 0L10 11.24l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.56a.75.75 0 0 1 0-1.06Z" />
    </svg>
  );
}
