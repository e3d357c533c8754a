"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * Copies a secret shown this once (a new API key, a one-time password) and says "Copied" on the
 * button itself; without clipboard access the person selects the text beside it by hand.
 */
export function CopySecretButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }
  return (
    <Button type="button" variant="secondary" onClick={() => void copy()}>
      {copied ? "Copied" : label}
    </Button>
  );
}
