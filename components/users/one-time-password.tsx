"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

export interface OneTimePasswordShown {
  email: string;
  password: string;
  /** Why it was made: an invitation or an admin's reset. */
  reason: "invited" | "reset";
}

/** A generated password: shown this once (the app keeps only its hash), changed at sign-in. */
export function OneTimePassword({ email, password, reason, onDone }: OneTimePasswordShown & { onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  // A reset is pressed in a row further down: bring the password into view (on a phone it is off screen).
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "nearest" });
  }, []);
  async function copy() {
    await navigator.clipboard.writeText(password).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }
  return (
    <div
      ref={panel}
      role="status"
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p>
        <strong>{email}</strong> {reason === "invited" ? "is invited" : "has a new password"}. Pass on this one-time
        password now: it will not be shown again, and they choose their own when they sign in with it.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code aria-label="One-time password" className="rounded bg-white px-3 py-2 font-mono text-base text-zinc-900">
          {password}
        </code>
        <Button type="button" variant="secondary" onClick={copy}>
          {copied ? "Copied" : "Copy password"}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
