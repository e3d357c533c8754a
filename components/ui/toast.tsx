"use client";

import { Toaster, toast as sonner } from "sonner";
import type { FocusEvent } from "react";
import { useTopInset } from "./top-inset";

// Short-lived messages for results, on sonner (a well-kept toast library: timers that pause while
// the pointer is over a message, swipe to dismiss, stacking). Placed at the top of the screen,
// clear of what one uses next: a phone's review and selection bars sit at the bottom, and on a
// laptop the review queue's buttons and comment box fill the right-hand column. They start below
// the app bar (its height is kept in top-inset.ts), so its bell and Menu stay in reach. While a
// message is hovered or holds the keyboard's focus it stays (sonner pauses on hover; focus is
// handled here), so its Undo can be reached. Each message says itself through a status role,
// inside sonner's polite live region.

type Tone = "success" | "error" | "info";
/** A button in the message, e.g. Undo; pressing it also dismisses the message. */
interface ToastAction {
  label: string;
  run: () => void;
}
interface ToastOptions {
  action?: ToastAction;
  /** A message of the same kind replaces the one before (a run of reviews shows one at a time). */
  kind?: string;
}
interface Message {
  tone: Tone;
  text: string;
  action?: ToastAction;
  duration: number;
}
interface ToastApi {
  /** Returns the message's id, to dismiss it early. */
  show(text: string, tone?: Tone, options?: ToastOptions): number;
  dismiss(id: number): void;
}

const TONE: Record<Tone, string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-zinc-300 bg-white text-zinc-900",
};

let nextId = 1;
/** The messages on screen, to draw one again with another duration (focused: until it is left). */
const live = new Map<number, Message>();
/** The newest message of each kind. */
const newestOfKind = new Map<string, number>();

function dismiss(id: number) {
  live.delete(id);
  sonner.dismiss(id);
}

function present(id: number, message: Message, duration: number) {
  sonner.custom(() => <MessageBody id={id} message={message} />, {
    id,
    duration,
    onDismiss: () => live.delete(id),
    onAutoClose: () => live.delete(id),
  });
}

function show(text: string, tone: Tone = "info", { action, kind }: ToastOptions = {}): number {
  const id = nextId++;
  if (kind) {
    const before = newestOfKind.get(kind);
    if (before !== undefined) dismiss(before);
    newestOfKind.set(kind, id);
  }
  // A message with a button stays long enough to reach it.
  const message: Message = { tone, text, action, duration: tone === "error" || action ? 8000 : 5000 };
  live.set(id, message);
  present(id, message, message.duration);
  return id;
}

const api: ToastApi = { show, dismiss };

function MessageBody({ id, message }: { id: number; message: Message }) {
  return (
    <div
      role="status"
      data-toast-id={id}
      className={`flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg min-[600px]:w-[356px] ${TONE[message.tone]}`}
    >
      <span className="flex-1 self-center">{message.text}</span>
      {message.action && (
        <button
          type="button"
          onClick={() => {
            dismiss(id);
            message.action?.run();
          }}
          className="-my-2 min-h-11 rounded-md px-3 font-semibold underline hover:bg-black/5"
        >
          {message.action.label}
        </button>
      )}
      <button
        type="button"
        onClick={() => dismiss(id)}
        className="-my-2 min-h-11 min-w-11 font-medium"
        aria-label="Dismiss message"
      >
        ✕
      </button>
    </div>
  );
}

/** The message whose part holds the focus, if it is still on screen. */
function focusedMessage(event: FocusEvent): number | null {
  const item = (event.target as HTMLElement).closest("[data-sonner-toast]");
  const id = Number(item?.querySelector("[data-toast-id]")?.getAttribute("data-toast-id"));
  return live.has(id) ? id : null;
}

/** `px` from the window's sides, and that far below the app bar (the top of the window without one). */
const offset = (px: number, bar: number) => ({ top: bar + px, right: px, bottom: px, left: px });

/**
 * Where the messages appear; placed once, in the app's providers. Focus inside a message holds it
 * (drawn again with no end) until the focus leaves, then it gets its whole time again.
 */
export function ToastViewport() {
  const bar = useTopInset();
  return (
    <div
      onFocus={(event) => {
        const id = focusedMessage(event);
        if (id !== null) present(id, live.get(id)!, Infinity);
      }}
      onBlur={(event) => {
        const id = focusedMessage(event);
        const item = (event.target as HTMLElement).closest("[data-sonner-toast]");
        const staying = event.relatedTarget instanceof Node && !!item?.contains(event.relatedTarget);
        if (id !== null && !staying) present(id, live.get(id)!, live.get(id)!.duration);
      }}
    >
      <Toaster
        position="top-center"
        offset={offset(12, bar)}
        mobileOffset={offset(8, bar)}
        gap={8}
        visibleToasts={3}
        customAriaLabel="Messages"
      />
    </div>
  );
}

export function useToast(): ToastApi {
  return api;
}
