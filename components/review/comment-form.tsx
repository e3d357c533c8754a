"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { MAX_COMMENT_LENGTH } from "@/lib/schemas/review-params";

/** A comment on one image; checked with the handler's own schema before it is sent. */
export function CommentForm({
  imageIndex,
  label,
  onComment,
  pending,
  compact = false,
}: {
  imageIndex: number;
  /** One line with its button beside it, for an image among several side by side. */
  compact?: boolean;
  /** "image 2 of 4" when several images share a page. */
  label?: string;
  onComment: (comment: string, done: () => void) => void;
  pending?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState("");
  // Loaded with the first comment, so zod is not among the page's first scripts.
  const form = useCheckedForm(
    async () => (await import("@/lib/schemas/review")).reviewActionSchema,
    "Check the comment.",
  );
  const error = form.error;
  // Sending disables the button, which drops focus to the page: it lands on the outcome instead.
  const [added, setAdded] = useState(0);
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (added > 0) status.current?.focus();
  }, [added]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = await form.check({ image_index: imageIndex, action: "comment", comment: text });
    if (!checked) return;
    setAdded(0);
    onComment(checked.comment ?? "", () => {
      setText("");
      setAdded((n) => n + 1);
    });
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-2">
      <label htmlFor={`${id}-comment`} className="block text-sm font-medium text-zinc-800">
        Comment{label ? <span className="sr-only"> on {label}</span> : null}
      </label>
      <div className={compact ? "flex items-start gap-2" : "space-y-2"}>
        <textarea
          id={`${id}-comment`}
          rows={compact ? 1 : 2}
          maxLength={MAX_COMMENT_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder="What works, what should change?"
          className="block min-h-11 w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs placeholder:text-zinc-500 aria-invalid:border-red-500"
        />
        <Button type="submit" variant="secondary" disabled={pending} className={compact ? "shrink-0" : undefined}>
          Add comment{label ? <span className="sr-only"> on {label}</span> : null}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      )}
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        className="text-xs text-zinc-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {added > 0 ? "Comment added; it is in the review history." : ""}
      </p>
    </form>
  );
}
