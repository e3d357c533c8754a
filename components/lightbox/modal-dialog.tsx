"use client";

import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";

/**
 * A full-screen modal on the platform's own <dialog>: showModal() makes the rest of the page inert
 * (focus stays inside), Escape closes it, and focus goes back to where it was when it closes.
 */
export function ModalDialog({
  labelledBy,
  onClose,
  onKeyDown,
  className = "",
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // The opener may have left the DOM (a virtualized tile scrolled away): then leave focus be.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      className={`fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden p-0 backdrop:bg-black/80 ${className}`}
    >
      {children}
    </dialog>
  );
}
