"use client";

import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import type { ErrorBody } from "@/lib/types";

/**
 * A ZIP of the campaign's images as a real download (the browser streams it to disk). Asked first
 * and let go once it answers: a refusal ("nothing approved yet") is then said in the server's
 * words beside the link, instead of arriving as a file of JSON.
 */
export function ZipLink({ href, children }: { href: string; children: React.ReactNode }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (state.busy) return;
    setState({ busy: true, error: null });
    const controller = new AbortController();
    try {
      const response = await fetch(href, { signal: controller.signal });
      if (response.ok) {
        controller.abort();
        setState({ busy: false, error: null });
        window.location.assign(href);
        return;
      }
      const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
      setState({
        busy: false,
        error: body?.message ?? `The ZIP could not be made (HTTP ${response.status}). Try again.`,
      });
    } catch {
      setState({ busy: false, error: "Product Studio cannot be reached. Check your connection." });
    }
  }

  return (
    <span className="contents">
      <a
        href={href}
        download
        onClick={(event) => void download(event)}
        aria-busy={state.busy || undefined}
        className={buttonClass("secondary", "min-h-11")}
      >
        {state.busy ? "Preparing…" : children}
      </a>
      {state.error && (
        <span role="alert" className="basis-full text-sm text-red-700">
          {state.error}
        </span>
      )}
    </span>
  );
}
