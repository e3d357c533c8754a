"use client";

import { createContext, useCallback, useContext, useMemo, useRef, useState } from "react";

type Tone = "success" | "error" | "info";
/** A button in the message, e.g. Undo; pressing it also dismisses the message. */
interface ToastAction { label: string; run: () => void }
interface ToastOptions {
  action?: ToastAction;
  /** A message of the same kind replaces the one before (a run of reviews shows one at a time). */
  kind?: string;
}
interface Toast { id: number; tone: Tone; text: string; action?: ToastAction; kind?: string }
interface ToastApi {
  /** Returns the message's id, to dismiss it early. */
  show(text: string, tone?: Tone, options?: ToastOptions): number;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const TONE: Record<Tone, string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-zinc-300 bg-white text-zinc-900",
};

/**
 * Short-lived messages for results; announced to screen readers through a live region. On a phone
 * they float above the bottom bars (review buttons, the selection), not over them.
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (text: string, tone: Tone = "info", { action, kind }: ToastOptions = {}) => {
      const id = next.current++;
      setToasts((all) => [...all.filter((t) => !kind || t.kind !== kind).slice(-3), { id, tone, text, action, kind }]);
      // A message with a button stays long enough to reach it.
      setTimeout(() => dismiss(id), tone === "error" || action ? 8000 : 5000);
      return id;
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-28 z-50 sm:bottom-4 flex flex-col items-center gap-2 px-4"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${TONE[t.tone]}`}
          >
            <span className="flex-1 self-center">{t.text}</span>
            {t.action && (
              <button
                type="button"
                onClick={() => {
                  dismiss(t.id);
                  t.action?.run();
                }}
                className="-my-2 min-h-11 rounded-md px-3 font-semibold underline hover:bg-black/5"
              >
                {t.action.label}
              </button>
            )}
            <button type="button" onClick={() => dismiss(t.id)} className="-my-2 min-h-11 min-w-11 font-medium" aria-label="Dismiss message">
              ✕
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside ToastProvider");
  return api;
}
