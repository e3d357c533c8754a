"use client";

import { useEffect, useEffectEvent, useState } from "react";
import { MAX_SEARCH_LENGTH } from "@/lib/schemas/gallery-params";

const DEBOUNCE_MS = 300;

/** A search box (the gallery's prompts by default): typed freely, sent to the URL once typing pauses. */
export function SearchBox({
  value,
  onSearch,
  id = "gallery-search",
  label = "Search prompts",
}: {
  value: string;
  onSearch: (q: string) => void;
  id?: string;
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
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={`${label}…`}
        maxLength={MAX_SEARCH_LENGTH}
        className="block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs placeholder:text-zinc-500"
      />
    </div>
  );
}
