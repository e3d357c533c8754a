"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { can } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/types";
import { SignOutButton } from "./sign-out-button";

const LINKS = [
  { href: "/", label: "Dashboard" },
  { href: "/products/new", label: "New product", needs: "create" },
  { href: "/gallery", label: "Gallery" },
  { href: "/users", label: "Users", needs: "manage_users" },
] as const;

function isActive(pathname: string, href: string): boolean {
  return href === "/" ? pathname === "/" : pathname.startsWith(href);
}

export function AppNav({ user }: { user: SessionUser }) {
  const pathname = usePathname();
  const links = LINKS.filter((l) => !("needs" in l) || can(user.role, l.needs));
  return (
    <header className="border-b border-zinc-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="mr-2 text-base font-semibold tracking-tight text-zinc-900">
          Product Studio
        </Link>
        <ul className="flex flex-1 flex-wrap items-center gap-1 text-sm">
          {links.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={isActive(pathname, link.href) ? "page" : undefined}
                className="rounded-md px-3 py-2 font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-3 text-sm">
          <span className="hidden text-zinc-500 sm:inline" title={`Signed in as ${user.email} (${user.role})`}>
            {user.email}
          </span>
          <SignOutButton />
        </div>
      </nav>
    </header>
  );
}
