"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useState } from "react";
import { can } from "@/lib/auth/roles";
import { CHANGE_PASSWORD_PATH } from "@/lib/schemas/session";
import type { SessionUser } from "@/lib/types";
import { NotificationBell } from "@/components/notify/notification-bell";
import { AwaitingBadge } from "./awaiting-badge";
import { isActive, NAV_LINKS } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

const BRAND = "mr-auto text-base font-semibold tracking-tight whitespace-nowrap text-zinc-900 md:mr-2";

/**
 * The main navigation. From `md` up the links sit in one row; below, a "Menu" disclosure button
 * opens them as a list, so a phone shows one compact bar instead of links wrapping over three lines.
 */
export function AppNav({ user }: { user: SessionUser }) {
  const pathname = usePathname();
  const listId = useId();
  const [open, setOpen] = useState(false);
  // Until a generated password is replaced nothing else works, so nothing else is offered (and
  // the review count does not poll into a refusal).
  const forced = user.password_change_required === true;
  const links = forced ? [] : NAV_LINKS.filter((l) => !l.needs || can(user.role, l.needs));
  return (
    <header className="border-b border-zinc-200 bg-white">
      <nav
        aria-label="Main"
        onKeyDown={(e) => {
          if (e.key === "Escape" && open) setOpen(false);
        }}
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 md:flex-nowrap"
      >
        {/* Layouts do not re-render on client navigation, so while the change is required no link
            may lead into the app: a page load there is sent back to the change form. */}
        {forced ? (
          <span className={BRAND}>Product Studio</span>
        ) : (
          <Link href="/" className={BRAND}>
            Product Studio
          </Link>
        )}
        {!forced && (
          <div className="md:order-last">
            <NotificationBell />
          </div>
        )}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((v) => !v)}
          className="inline-flex items-center gap-2 rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium text-zinc-800 hover:bg-zinc-100 md:hidden"
        >
          <span aria-hidden="true">{open ? "✕" : "☰"}</span> Menu
        </button>
        <div
          id={listId}
          className={`${open ? "flex" : "hidden"} w-full flex-col gap-2 border-t border-zinc-200 pt-2 md:flex md:w-auto md:flex-1 md:flex-row md:items-center md:border-0 md:pt-0`}
        >
          <ul className="flex flex-col gap-1 text-sm md:flex-1 md:flex-row md:items-center">
            {links.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  onClick={() => setOpen(false)}
                  aria-current={isActive(pathname, link.href) ? "page" : undefined}
                  className="flex items-center rounded-md px-3 py-2 font-medium whitespace-nowrap text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
                >
                  {link.label}
                  {link.badge === "awaiting" && <AwaitingBadge />}
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex items-center justify-between gap-3 border-t border-zinc-200 px-3 pt-2 text-sm md:border-0 md:px-0 md:pt-0">
            <span className="truncate text-zinc-600 md:hidden lg:inline" title={`Signed in as ${user.email} (${user.role})`}>
              {user.email}
            </span>
            <Link
              href={CHANGE_PASSWORD_PATH}
              onClick={() => setOpen(false)}
              aria-current={isActive(pathname, CHANGE_PASSWORD_PATH) ? "page" : undefined}
              className="ml-auto rounded-md px-2 py-1.5 font-medium whitespace-nowrap text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 aria-[current=page]:text-brand-700"
            >
              Change password
            </Link>
            <SignOutButton />
          </div>
        </div>
      </nav>
    </header>
  );
}
