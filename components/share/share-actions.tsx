"use client";

import { RevokeButton } from "@/components/ui/revoke-button";
import { useRevokeShare } from "@/hooks/use-shares";

/** An active link's Revoke, which asks first (its address and Copy are beside its words). */
export function ShareActions({ id, name }: { id: string; name: string }) {
  const revoke = useRevokeShare();
  return (
    <div className="flex gap-2">
      <RevokeButton
        id={id}
        revoke={revoke}
        button={{
          variant: "danger",
          children: (
            <>
              Revoke<span className="sr-only"> “{name}”</span>
            </>
          ),
        }}
        title={`Revoke “${name}”?`}
        confirmLabel="Revoke link"
        done={`“${name}” was revoked; the link no longer opens.`}
      >
        Anyone who opens the link from now on is told it does not work any more. This cannot be undone.
      </RevokeButton>
    </div>
  );
}
