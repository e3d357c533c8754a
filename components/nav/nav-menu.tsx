"use client";

import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from "@headlessui/react";
import Link from "next/link";
import { MENU_BUTTON, MenuChevron } from "./menu-button-face";
import type { NavLink } from "./nav-links";

// A button that opens a menu of links (and actions): Headless UI gives the menu pattern (arrow
// keys, Home/End, type-ahead, Escape closing back to the button, Tab leaving). Not modal: the
// page stays scrollable and usable around it, as a navigation menu should leave it.

const ITEM =
  "flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm font-medium text-zinc-700 data-focus:bg-zinc-100 data-focus:text-zinc-900 aria-[current=page]:text-brand-700";

export interface NavMenuProps {
  /** The button's accessible name ("Admin", "Account"). */
  label: string;
  /** What the button shows; its name is `label`. */
  children: React.ReactNode;
  /** A line above the items (the signed-in email), not an item itself. */
  heading?: string;
  links: readonly NavLink[];
  current: (href: string) => boolean;
  /** A last item that is a button (Sign out). */
  action?: { label: string; onSelect: () => void; disabled?: boolean };
}

export function NavMenu({ label, children, heading, links, current, action }: NavMenuProps) {
  return (
    <Menu as="div" className="relative">
      <MenuButton aria-label={label} className={MENU_BUTTON}>
        {children}
        <MenuChevron />
      </MenuButton>
      <MenuItems
        modal={false}
        anchor={{ to: "bottom end", gap: 4, padding: 8 }}
        className="z-40 w-60 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg focus:outline-none"
      >
        <MenuSection>
          {heading && (
            <MenuHeading className="truncate px-3 py-2 text-xs text-zinc-600" title={heading}>
              {heading}
            </MenuHeading>
          )}
          {links.map((link) => (
            <MenuItem key={link.href}>
              <Link
                prefetch={false}
                href={link.href}
                aria-current={current(link.href) ? "page" : undefined}
                className={ITEM}
              >
                {link.label}
              </Link>
            </MenuItem>
          ))}
        </MenuSection>
        {action && (
          <>
            <MenuSeparator className="my-1 h-px bg-zinc-200" />
            <MenuItem disabled={action.disabled}>
              <button type="button" onClick={action.onSelect} className={ITEM}>
                {action.label}
              </button>
            </MenuItem>
          </>
        )}
      </MenuItems>
    </Menu>
  );
}
