"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useState } from "react";
import { NotificationBell } from "@/components/notify/notification-bell";
import { can } from "@/lib/schemas/roles";
import { CHANGE_PASSWORD_PATH } from "@/lib/auth/next-path";
import type { SessionUser } from "@/lib/types";
import { AwaitingBadge } from "./awaiting-badge";
import { ACCOUNT_LINKS, ADMIN_LINKS, isActive, MAIN_LINKS, type NavLink } from "./nav-links";
import { LazyNavMenu } from "./lazy-nav-menu";
import { PhoneMenu } from "./phone-menu";
import { useSignOutAction } from "./sign-out-button";
import { useAppBarHeight } from "./use-app-bar-height";

const BRAND =
  "mr-auto flex min-h-11 items-center text-base font-semibold tracking-tight whitespace-nowrap text-zinc-900 lg:mr-2";
const LINK =
  "flex min-h-11 items-center rounded-md px-2 xl:px-2.5 font-medium whitespace-nowrap text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700";

// Links here and in lists are not prefetched: every page is drawn per request, so a prefetch
// brings little more than the layout, and on a phone's slow network some twenty of them would
// compete with the page's own first images.

/**
 * The main navigation. From `lg` up: the day's work as links, then an Admin menu (admins only),
 * the bell and the account menu (email, Settings, API keys, Change password, Sign out), so the bar holds at
 * 1024 px (below 1280 px its links sit a little tighter and the account menu shows the initial
 * alone). Below: the bell and a "Menu" button that opens all of it as one list.
 */
export function AppNav({ user }: { user: SessionUser }) {
  const pathname = usePathname();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const signOut = useSignOutAction();
  const bar = useAppBarHeight<HTMLElement>();
  // Until a generated password is replaced nothing else works, so nothing else is offered (and
  // the review count does not poll into a refusal).
  const forced = user.password_change_required === true;
  const allowed = (links: readonly NavLink[]) =>
    forced ? [] : links.filter((l) => !l.needs || can(user.role, l.needs));
  const main = allowed(MAIN_LINKS);
  const admin = allowed(ADMIN_LINKS);
  // Someone who signs in only through the company's identity provider has no password to change.
  const account = forced
    ? ACCOUNT_LINKS.filter((l) => l.href === CHANGE_PASSWORD_PATH)
    : ACCOUNT_LINKS.filter((l) => l.href !== CHANGE_PASSWORD_PATH || user.has_password !== false);
  const current = (href: string) => isActive(pathname, href);
  return (
    <header ref={bar} className="border-b border-zinc-200 bg-white">
      <nav
        aria-label="Main"
        onKeyDown={(e) => {
          if (e.key === "Escape" && open) setOpen(false);
        }}
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-1 gap-y-2 px-4 py-1.5 sm:px-6 lg:flex-nowrap"
      >
        {/* Layouts do not re-render on client navigation, so while the change is required no link
            may lead into the app: a page load there is sent back to the change form. */}
        {forced ? (
          <span className={BRAND}>Product Studio</span>
        ) : (
          <Link prefetch={false} href="/" className={BRAND}>
            Product Studio
          </Link>
        )}
        <ul className="hidden flex-1 items-center gap-0.5 text-sm lg:flex">
          {main.map((link) => (
            <li key={link.href}>
              <Link
                prefetch={false}
                href={link.href}
                aria-current={current(link.href) ? "page" : undefined}
                className={LINK}
              >
                {link.label}
                {link.badge === "awaiting" && <AwaitingBadge />}
              </Link>
            </li>
          ))}
        </ul>
        {admin.length > 0 && (
          <div className="hidden lg:block">
            <LazyNavMenu label="Admin" links={admin} current={current}>
              Admin
            </LazyNavMenu>
          </div>
        )}
        {!forced && <NotificationBell />}
        <div className="hidden lg:block">
          <LazyNavMenu
            label="Account"
            heading={`Signed in as ${user.email}`}
            links={account}
            current={current}
            action={signOut}
          >
            <span
              aria-hidden="true"
              className="flex size-7 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800 uppercase"
            >
              {user.email.slice(0, 1)}
            </span>
            {/* The word from 1280 px up; below, the initial alone (the button is named "Account" either way). */}
            <span className="hidden xl:inline">Account</span>
          </LazyNavMenu>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((v) => !v)}
          className="inline-flex min-h-11 items-center gap-2 rounded-md border border-zinc-300 px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-100 lg:hidden"
        >
          <span aria-hidden="true">{open ? "✕" : "☰"}</span> Menu
        </button>
        {/* Built when opened: closed, it is the larger half of the bar's links and elements, and
            every page would hydrate it on a phone's first load for nothing. */}
        {open && (
          <PhoneMenu
            id={panelId}
            email={user.email}
            main={main}
            admin={admin}
            account={account}
            current={current}
            onNavigate={() => setOpen(false)}
          />
        )}
      </nav>
    </header>
  );
}
