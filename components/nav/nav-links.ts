import type { Action } from "@/lib/schemas/roles";
import { CHANGE_PASSWORD_PATH } from "@/lib/auth/next-path";

export interface NavLink {
  href: string;
  label: string;
  needs?: Action;
  /** Shows the number of images awaiting review next to the label. */
  badge?: "awaiting";
}

/** The day's work: in the bar itself. */
export const MAIN_LINKS: readonly NavLink[] = [
  { href: "/", label: "Dashboard" },
  { href: "/products", label: "Products" },
  { href: "/campaigns", label: "Campaigns" },
  { href: "/products/new", label: "New product", needs: "create" },
  { href: "/gallery", label: "Gallery" },
  { href: "/review", label: "Review", needs: "review", badge: "awaiting" },
  { href: "/shares", label: "Shared links", needs: "download" },
];

/** Running the team's studio: behind the "Admin" menu. */
export const ADMIN_LINKS: readonly NavLink[] = [
  { href: "/users", label: "Users", needs: "manage_users" },
  { href: "/webhooks", label: "Webhooks", needs: "manage_users" },
  { href: "/activity", label: "Activity", needs: "manage_users" },
];

/** The person's own: behind the account menu (with Sign out). */
export const ACCOUNT_LINKS: readonly NavLink[] = [
  { href: "/usage", label: "Usage" },
  { href: "/settings", label: "Settings" },
  { href: "/account/keys", label: "API keys" },
  { href: CHANGE_PASSWORD_PATH, label: "Change password" },
];

const ALL_LINKS = [...MAIN_LINKS, ...ADMIN_LINKS, ...ACCOUNT_LINKS];

const within = (pathname: string, href: string) =>
  href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);

/** The link of the current page: the longest one the path lies within ("/products/new" beats "/products"). */
export function isActive(pathname: string, href: string): boolean {
  if (!within(pathname, href)) return false;
  return !ALL_LINKS.some((link) => link.href.length > href.length && within(pathname, link.href));
}
