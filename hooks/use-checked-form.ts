"use client";

import { useState } from "react";
import type { z } from "zod";

/**
 * A form's one error line: its values are checked with the handler's own schema before they are
 * sent, and the first problem, or the server's own words when it refuses, is what the line says.
 */
export function useCheckedForm<S extends z.ZodType>(schema: S, fallback = "Check the form.") {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    setError,
    /** The checked values, or null once the error line says what is wrong. */
    check(values: unknown): z.infer<S> | null {
      const parsed = schema.safeParse(values);
      setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? fallback));
      return parsed.success ? parsed.data : null;
    },
    /** For a mutation's onError: the server's message. */
    refused: (e: Error) => setError(e.message),
  };
}
