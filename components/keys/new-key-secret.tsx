"use client";

import { Button } from "@/components/ui/button";
import { CopySecretButton } from "@/components/ui/copy-secret-button";

/** A new key's secret, shown this once: the app keeps only a hash of it. */
export function NewKeySecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  return (
    <div role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p>
        The key “{name}” is created. Copy it now: it is shown this once, and Product Studio keeps no copy it could show
        again. The other system sends it with every request as <code>Authorization: Bearer …</code>.
      </p>
      <code aria-label="New API key" className="block rounded bg-white px-3 py-2 font-mono break-all text-zinc-900">
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <CopySecretButton text={secret} label="Copy key" />
        <Button type="button" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
