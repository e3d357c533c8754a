"use client";

import { useId, useRef } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

/**
 * Asks before something is undone for good, in the app's modal Dialog. Cancel has the focus, so
 * Enter never destroys by accident.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  tone = "danger",
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  /** What keeps things as they are ("Cancel", or "Keep it going" where cancelling is the thing asked about). */
  cancelLabel?: string;
  /** danger: something is undone for good; primary: a choice that only needs asking about. */
  tone?: "danger" | "primary";
  busy: boolean;
  error: string | null;
  onConfirm: (close: () => void) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = () => ref.current?.close();

  return (
    <Dialog ref={ref} labelledBy={titleId} onClose={onClose} className="max-w-md">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2 space-y-2 text-sm text-zinc-700">{children}</div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" className="min-h-11 sm:min-h-0" onClick={close} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant={tone} className="min-h-11 sm:min-h-0" onClick={() => onConfirm(close)} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
