"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";
import { MENU_BUTTON, MenuChevron } from "./menu-button-face";
import type { NavMenuProps } from "./nav-menu";

// Headless UI's menu weighs as much as all of the page's own code, and the bar's menus show only
// from `lg` up (a phone has them in the Menu list). So its code is not in the page's first
// scripts: it loads once the page is up, on a wide screen only, and its button is drawn meanwhile.
const NavMenu = lazy(() => import("./nav-menu").then((m) => ({ default: m.NavMenu })));

const WIDE = "(min-width: 1024px)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True on a screen wide enough for the bar's menus; false on the server and while hydrating. */
function useWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

export function LazyNavMenu(props: NavMenuProps) {
  const wide = useWide();
  // Inert until the menu arrives: no button to press that would do nothing.
  const face = (
    <span aria-hidden="true" className={MENU_BUTTON}>
      {props.children}
      <MenuChevron />
    </span>
  );
  if (!wide) return face;
  return (
    <Suspense fallback={face}>
      <NavMenu {...props} />
    </Suspense>
  );
}
