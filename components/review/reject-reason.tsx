"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { MAX_COMMENT_LENGTH } from "@/lib/schemas/review-params";

/**
 * After a rejection, the reason for it, written for the image just rejected: the queue waits on
 * this image until the reason is sent or passed over. Enter sends (Shift+Enter starts a new line),
 * Escape or "No reason" goes on without one. On a keyboard's screen the field takes the keys at
 * once; on a touch screen it waits for a tap, so the phone's keyboard does not cover the image.
 */
export function RejectReason({
  label,
  pending,
  onSend,
  onSkip,
}: {
  /** "image 2 of 4" when the shot has several. */
  label: string;
  pending: boolean;
  onSend: (reason: string) => void;
  onSkip: () => void;
}) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  useEffect(() => {
    if (window.matchMedia("(pointer: fine)").matches) field.current?.focus();
  }, []);

  function send() {
    const reason = text.trim();
    if (reason) onSend(reason);
    else onSkip();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onSkip();
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      className="space-y-2"
    >
      <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-zinc-800">
        Why was it rejected? <span className="font-normal text-zinc-600">(optional, on {label})</span>
      </label>
      <textarea
        ref={field}
        id={`${id}-reason`}
        rows={2}
        maxLength={MAX_COMMENT_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="e.g. the label is crooked"
        className="block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base shadow-xs placeholder:text-zinc-500 sm:text-sm"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" disabled={pending || !text.trim()}>
          Send reason
        </Button>
        <Button type="button" variant="ghost" disabled={pending} onClick={onSkip}>
          No reason
        </Button>
      </div>
    </form>
  );
}
