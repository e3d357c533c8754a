"use client";

import Link from "next/link";
import { AwaitingBadge } from "./awaiting-badge";
import type { NavLink } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

const LINK =
  "flex min-h-11 items-center rounded-md px-3 font-medium text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700";

/**
 * Below `lg`, what the bar and its two menus hold, as one list under the "Menu" button: a phone
 * has room for the lists but not for a row of links, and a tap target of 44 px each.
 */
export function PhoneMenu({
  id,
  email,
  main,
  admin,
  account,
  current,
  onNavigate,
}: {
  id: string;
  email: string;
  main: readonly NavLink[];
  admin: readonly NavLink[];
  account: readonly NavLink[];
  current: (href: string) => boolean;
  onNavigate: () => void;
}) {
  const list = (links: readonly NavLink[]) =>
    links.map((link) => (
      <li key={link.href}>
        <Link
          prefetch={false}
          href={link.href}
          onClick={onNavigate}
          aria-current={current(link.href) ? "page" : undefined}
          className={LINK}
        >
          {link.label}
          {link.badge === "awaiting" && <AwaitingBadge />}
        </Link>
      </li>
    ));
  return (
    <div id={id} className="flex w-full basis-full flex-col gap-2 border-t border-zinc-200 pt-2 text-sm lg:hidden">
      {main.length > 0 && <ul className="flex flex-col">{list(main)}</ul>}
      {admin.length > 0 && (
        <section aria-label="Admin" className="border-t border-zinc-200 pt-2">
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Admin</p>
          <ul className="flex flex-col">{list(admin)}</ul>
        </section>
      )}
      <section aria-label="Account" className="border-t border-zinc-200 pt-2">
        <p className="truncate px-3 pb-1 text-xs text-zinc-600">{email}</p>
        <ul className="flex flex-col">{list(account)}</ul>
        <SignOutButton className="mt-2 w-full" />
      </section>
    </div>
  );
}
