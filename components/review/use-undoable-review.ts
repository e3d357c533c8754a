"use client";

import { useEffect, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { useImageReviewAction, useUndoReview } from "@/hooks/use-reviews";
import type { ReviewAction } from "@/lib/schemas/review-params";
import { ACTION_WORDS } from "./review-words";
import { isTyping } from "./use-review-shortcuts";

// Review from the queue, the viewer and compare, each action undoable: from its toast, or the last
// ones in turn with Z / Ctrl+Z. The stack lives in this tab only (it is what *I* just did here);
// the truth of what was undone is the server's (lib/db/review-undo.ts).

interface Undoable {
  predictionId: string;
  eventId: string;
  /** "approved “On a beach”", for the messages. */
  what: string;
  /** Puts the image back where it was on screen (the queue takes it back). */
  restore?: () => void;
  /** Its message with Undo, taken away once undone (however it was undone). */
  toastId?: number;
}

const UNDO_DEPTH = 10;
// One review message at a time: a run of reviews does not pile messages over the image (the
// newest one's Undo is in reach; Z walks further back).
const REVIEW_MESSAGE = { kind: "review" };
const stack: Undoable[] = [];

export interface ReviewRequest {
  predictionId: string;
  imageIndex: number;
  action: ReviewAction;
  comment?: string;
  /** The image in words: “On a beach” (image 2 of 4). */
  subject: string;
  onDone?: () => void;
  restore?: () => void;
}

export function useUndoableReview() {
  const act = useImageReviewAction();
  const undo = useUndoReview();
  const toast = useToast();
  // What this view did last and may still undo (a modal viewer shows its own Undo: the page's
  // toasts sit behind it, out of reach).
  const [last, setLast] = useState<Undoable | null>(null);
  // The same, for a reason sent before this view drew the rejection's answer (its handler would
  // see the `last` of an earlier render), and the review on its way that a reason must follow.
  const lastRef = useRef<Undoable | null>(null);
  const sending = useRef<Promise<unknown>>(Promise.resolve());

  // Promises, not mutate callbacks: the toast's Undo may be pressed after the card that sent the
  // review has gone (the queue moved on), and its callbacks would never run.
  function undoEntry(entry: Undoable) {
    const at = stack.indexOf(entry);
    if (at !== -1) stack.splice(at, 1);
    if (entry.toastId !== undefined) toast.dismiss(entry.toastId);
    if (lastRef.current === entry) lastRef.current = null;
    setLast((shown) => (shown === entry ? null : shown));
    undo.mutateAsync(entry).then(
      () => {
        entry.restore?.();
        toast.show(`Undone: ${entry.what}.`, "info", REVIEW_MESSAGE);
      },
      (error: Error) => toast.show(`Could not undo: ${error.message}`, "error", REVIEW_MESSAGE),
    );
  }

  function send(request: ReviewRequest) {
    if (act.isPending) return;
    const { predictionId, imageIndex, action, comment, subject } = request;
    sending.current = act.mutateAsync({ predictionId, image_index: imageIndex, action, comment }).then(
      (reviews) => {
        request.onDone?.();
        const what = `${ACTION_WORDS[action]} ${subject}`;
        if (action === "comment") return void toast.show(`You commented on ${subject}.`, "success", REVIEW_MESSAGE);
        const entry: Undoable = { predictionId, eventId: reviews.event_id, what, restore: request.restore };
        stack.push(entry);
        if (stack.length > UNDO_DEPTH) stack.shift();
        lastRef.current = entry;
        setLast(entry);
        entry.toastId = toast.show(`You ${what}.`, "success", {
          ...REVIEW_MESSAGE,
          action: { label: "Undo", run: () => undoEntry(entry) },
        });
      },
      (error: Error) => toast.show(`The review was not saved: ${error.message}`, "error", REVIEW_MESSAGE),
    );
  }

  /**
   * The reason for the rejection this view just made: a comment on the same image. Its message
   * keeps that rejection's Undo (a comment itself cannot be undone, and does not stand in the way).
   */
  function explain(request: Omit<ReviewRequest, "action" | "restore"> & { comment: string }) {
    const { predictionId, imageIndex, comment, subject } = request;
    // After the rejection it explains has been answered, whatever this render saw.
    void sending.current.then(() => {
      const held = lastRef.current;
      const entry = held && stack.includes(held) ? held : null;
      return act.mutateAsync({ predictionId, image_index: imageIndex, action: "comment", comment }).then(
        () => {
          request.onDone?.();
          if (!entry) return void toast.show(`You commented on ${subject}.`, "success", REVIEW_MESSAGE);
          entry.toastId = toast.show(`You ${entry.what} and said why.`, "success", {
            ...REVIEW_MESSAGE,
            action: { label: "Undo", run: () => undoEntry(entry) },
          });
        },
        (error: Error) => toast.show(`The reason was not saved: ${error.message}`, "error", REVIEW_MESSAGE),
      );
    });
  }

  function undoLast() {
    const entry = stack.at(-1);
    if (!entry) return void toast.show("Nothing to undo.", "info");
    if (!undo.isPending) undoEntry(entry);
  }

  /** Undo of this view's last action, if it is still the newest one; else the newest. */
  const undoMine = () => (last && stack.includes(last) ? undoEntry(last) : undoLast());
  return { send, explain, undoLast, undoMine, canUndo: last !== null, pending: act.isPending || undo.isPending };
}

// One key listener however many views ask for it (a prediction page has a review panel per
// image, a viewer may open over a page that has one): each would otherwise undo one more action.
// Every view's undo walks the same stack, so the newest view's is the one called.
const undoers: { current: () => void }[] = [];

function onUndoKey(event: KeyboardEvent) {
  if (event.key.toLowerCase() !== "z" || event.shiftKey || event.altKey || event.repeat || event.defaultPrevented)
    return;
  const undoer = undoers.at(-1);
  if (!undoer || isTyping(event.target)) return;
  event.preventDefault();
  undoer.current();
}

/** Z or Ctrl/Cmd+Z undoes the last review (Shift+Z is left alone: it means redo); not while typing. */
export function useUndoShortcut(undoLast: () => void) {
  const latest = useRef(undoLast);
  useEffect(() => {
    latest.current = undoLast;
  });
  useEffect(() => {
    undoers.push(latest);
    if (undoers.length === 1) window.addEventListener("keydown", onUndoKey);
    return () => {
      undoers.splice(undoers.indexOf(latest), 1);
      if (undoers.length === 0) window.removeEventListener("keydown", onUndoKey);
    };
  }, []);
}
