"use client";

import { useState } from "react";
import type { z } from "zod";

/** Each field's first problem, by the first key of its path ("" for the values as a whole). */
export type Problems = Record<string, string>;

export function problemsOf(issues: readonly z.core.$ZodIssue[]): Problems {
  const problems: Problems = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    problems[field] ??= issue.message;
  }
  return problems;
}

interface CheckedForm<R> {
  /** The form's one error line: the first problem, or the server's own words when it refuses. */
  error: string | null;
  /** Every field's first problem, for forms that show a line under each field. */
  problems: Problems;
  /** How many times a problem has been said, so a form can move focus to it even when the words repeat. */
  said: number;
  setError: (message: string | null) => void;
  /** The checked values, or null once the error line says what is wrong. */
  check: (values: unknown) => R;
  /** For a mutation's onError: the server's message. */
  refused: (e: Error) => void;
}

/**
 * A form's values checked with the handler's own schema before they are sent. The schema may be
 * given as a loader (`() => import(...)`), run with the first check, so zod stays out of the
 * page's first scripts; `check` then answers a promise.
 */
export function useCheckedForm<S extends z.ZodType>(schema: S, fallback?: string): CheckedForm<z.infer<S> | null>;
export function useCheckedForm<S extends z.ZodType>(
  load: () => Promise<S>,
  fallback?: string,
): CheckedForm<Promise<z.infer<S> | null>>;
export function useCheckedForm<S extends z.ZodType>(source: S | (() => Promise<S>), fallback = "Check the form.") {
  const [state, setState] = useState<{ error: string | null; problems: Problems; said: number }>({
    error: null,
    problems: {},
    said: 0,
  });
  // Clearing a line that is already clear keeps the state as it is, so typing does not redraw twice.
  const say = (error: string | null, problems: Problems = {}) =>
    setState((s) =>
      error === null && s.error === null ? s : { error, problems, said: error === null ? s.said : s.said + 1 },
    );

  function judge(schema: S, values: unknown): z.infer<S> | null {
    const parsed = schema.safeParse(values);
    if (parsed.success) say(null);
    else say(parsed.error.issues[0]?.message ?? fallback, problemsOf(parsed.error.issues));
    return parsed.success ? parsed.data : null;
  }

  return {
    error: state.error,
    problems: state.problems,
    said: state.said,
    setError: (message: string | null) => say(message),
    check: (values: unknown) =>
      typeof source === "function" ? source().then((schema) => judge(schema, values)) : judge(source, values),
    refused: (e: Error) => say(e.message),
  };
}
