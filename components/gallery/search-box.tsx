"use client";

import { useEffect, useEffectEvent, useState } from "react";
import { Field } from "@/components/ui/field";
import { MAX_SEARCH_LENGTH } from "@/lib/schemas/gallery-params";

const DEBOUNCE_MS = 300;

/** A search box (the gallery's prompts by default): typed freely, sent to the URL once typing pauses. */
export function SearchBox({
  value,
  onSearch,
  label = "Search prompts",
}: {
  value: string;
  onSearch: (q: string) => void;
  label?: string;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // The URL changed from elsewhere (Clear filters, back button): show its value. Not when it is
  // this box's own debounced text arriving (that would eat a trailing space mid-typing).
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  const search = useEffectEvent((q: string) => onSearch(q));
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className="min-w-0 flex-1">
      <Field
        label={label}
        hideLabel
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={`${label}…`}
        maxLength={MAX_SEARCH_LENGTH}
      />
    </div>
  );
}
