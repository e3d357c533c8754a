import type { Action } from "@/lib/auth/roles";

export interface NavLink {
  href: string;
  label: string;
  needs?: Action;
  /** Shows the number of images awaiting review next to the label. */
  badge?: "awaiting";
}

export const NAV_LINKS: readonly NavLink[] = [
  { href: "/", label: "Dashboard" },
  { href: "/products", label: "Products" },
  { href: "/products/new", label: "New product", needs: "create" },
  { href: "/gallery", label: "Gallery" },
  { href: "/review", label: "Review", needs: "review", badge: "awaiting" },
  { href: "/shares", label: "Shared links", needs: "download" },
  { href: "/users", label: "Users", needs: "manage_users" },
  { href: "/webhooks", label: "Webhooks", needs: "manage_users" },
  { href: "/activity", label: "Activity", needs: "manage_users" },
];

const within = (pathname: string, href: string) => (href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`));

/** The link of the current page: the longest one the path lies within ("/products/new" beats "/products"). */
export function isActive(pathname: string, href: string): boolean {
  if (!within(pathname, href)) return false;
  return !NAV_LINKS.some((link) => link.href.length > href.length && within(pathname, link.href));
}
