"use client";

import { useEffect, useRef, type KeyboardEvent, type ReactNode, type Ref } from "react";

const LOOKS = {
  /** A card in the middle of the page (questions, forms). */
  panel: "m-auto w-[calc(100%-2rem)] rounded-lg border border-zinc-200 p-6 shadow-xl backdrop:bg-zinc-900/40",
  /** A sheet from the bottom edge (a phone's filters): full width, thumb's reach, clear of the home bar. */
  sheet:
    "mx-0 mb-0 mt-auto max-h-[85dvh] w-full max-w-none overflow-y-auto rounded-t-2xl border-t border-zinc-200 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-xl backdrop:bg-zinc-900/40",
  /** The whole screen (lightbox, compare). */
  full: "fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden p-0 backdrop:bg-black/80",
};

/**
 * The app's one modal, on the platform's own <dialog>: showModal() makes the rest of the page
 * inert (focus stays inside), Escape closes it, and focus goes back to where it was when it
 * closes. `onClose` runs however it closes (Escape, a button calling `ref.current.close()`).
 */
export function Dialog({
  labelledBy,
  onClose,
  onKeyDown,
  look = "panel",
  className = "",
  ref: outerRef,
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  look?: keyof typeof LOOKS;
  className?: string;
  ref?: Ref<HTMLDialogElement>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // The opener may have left the DOM (a virtualized tile scrolled away): then leave focus be.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  return (
    <dialog
      ref={(node) => {
        ref.current = node;
        if (typeof outerRef === "function") outerRef(node);
        else if (outerRef) outerRef.current = node;
      }}
      aria-labelledby={labelledBy}
      onClose={onClose}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (ref.current) keepFocusInside(event, ref.current);
      }}
      className={`${LOOKS[look]} ${className}`}
    >
      {children}
    </dialog>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes round to the first, Shift+Tab from the first to the last. A modal
 * <dialog> makes the page inert, but the browser still tabs out of it to the document itself
 * before coming back, and a keyboard user lands nowhere.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>, dialog: HTMLDialogElement) {
  if (event.key !== "Tab" || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (controls.length === 0) return;
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
