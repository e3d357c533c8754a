"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopySecretButton } from "@/components/ui/copy-secret-button";

export interface OneTimePasswordShown {
  email: string;
  password: string;
  /** Why it was made: an invitation or an admin's reset. */
  reason: "invited" | "reset";
}

/** A generated password: shown this once (the app keeps only its hash), changed at sign-in. */
export function OneTimePassword({ email, password, reason, onDone }: OneTimePasswordShown & { onDone: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  // A reset is pressed in a row further down: bring the password into view (on a phone it is off screen).
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "nearest" });
  }, []);
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
        <CopySecretButton text={password} label="Copy password" />
        <Button type="button" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
