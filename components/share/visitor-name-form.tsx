"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/hooks/use-hydrated";
import { MAX_VISITOR_NAME, visitorNameSchema } from "@/lib/schemas/link-sign-off";
import { VISITOR_NAME_FIELD, useVisitorName } from "./visitor-name";
import { useCheckedForm } from "@/hooks/use-checked-form";

/** Asks a link's visitor for their name once; afterwards says whose name their sign-offs carry. */
export function VisitorNameForm() {
  const hydrated = useHydrated();
  const [name, setName] = useVisitorName();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const { error, check } = useCheckedForm(visitorNameSchema, "Type your name");

  if (hydrated && name && !editing) {
    return (
      <div className="flex max-w-xl flex-wrap items-center gap-3 rounded-lg border border-zinc-200 bg-white px-4 py-3 text-sm">
        <p className="min-w-0 flex-1 text-zinc-800">
          Approving and commenting as <strong className="font-semibold break-words">{name}</strong>
        </p>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setText(name);
            setEditing(true);
          }}
        >
          Change name
        </Button>
      </div>
    );
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = check(text);
    if (checked === null) return;
    setName(checked);
    setEditing(false);
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="max-w-xl space-y-2 rounded-lg border border-zinc-200 bg-white px-4 py-3"
    >
      <label htmlFor={VISITOR_NAME_FIELD} className="block text-sm font-medium text-zinc-900">
        Your name
      </label>
      <p id={`${VISITOR_NAME_FIELD}-hint`} className="text-xs text-zinc-600">
        The team sees it with your approvals and comments. Asked once for this link.
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          id={VISITOR_NAME_FIELD}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={MAX_VISITOR_NAME}
          autoComplete="name"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${VISITOR_NAME_FIELD}-hint${error ? ` ${VISITOR_NAME_FIELD}-error` : ""}`}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-3 text-base shadow-xs aria-invalid:border-red-500 sm:text-sm"
        />
        <Button type="submit">Save name</Button>
      </div>
      {error && (
        <p id={`${VISITOR_NAME_FIELD}-error`} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
