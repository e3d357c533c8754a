"use client";

import { RevokeButton } from "@/components/ui/revoke-button";
import { useRevokeApiKey } from "@/hooks/use-api-keys";

/** Revokes a key after asking: the next request with it is refused; the server then draws the list again. */
export function RevokeKeyButton({ id, name }: { id: string; name: string }) {
  const revoke = useRevokeApiKey();
  return (
    <RevokeButton
      id={id}
      revoke={revoke}
      button={{ variant: "secondary", className: "text-red-700", "aria-label": `Revoke ${name}`, children: "Revoke" }}
      title={`Revoke the key “${name}”?`}
      confirmLabel="Revoke key"
      done={`The key “${name}” is revoked.`}
    >
      Whatever uses it is refused from its next request. This cannot be undone; create a new key if it is needed again.
    </RevokeButton>
  );
}
