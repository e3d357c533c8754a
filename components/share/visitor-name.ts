"use client";

import { useSyncExternalStore } from "react";

// The name a share link's visitor types, asked once and remembered for that link in this browser
// (localStorage, keyed by the link's own path: nothing is kept that the link does not already
// say). Every image's controls read the same store, so typing it once serves the whole page.

const listeners = new Set<() => void>();
// When the browser refuses storage (some private modes), the name lives for this page only.
let memory = "";

const storageKey = () => `share-visitor-name:${window.location.pathname}`;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function read(): string {
  try {
    return window.localStorage.getItem(storageKey()) ?? memory;
  } catch {
    return memory;
  }
}

function write(name: string): void {
  memory = name;
  try {
    if (name) window.localStorage.setItem(storageKey(), name);
    else window.localStorage.removeItem(storageKey());
  } catch {
    // Kept in memory above.
  }
  for (const listener of listeners) listener();
}

/** The visitor's name for this link ("" until typed) and the way to change it. */
export function useVisitorName(): [string, (name: string) => void] {
  return [useSyncExternalStore(subscribe, read, () => ""), write];
}

/** The id of the name field, which an image's controls focus when the name is still missing. */
export const VISITOR_NAME_FIELD = "visitor-name";
