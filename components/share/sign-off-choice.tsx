"use client";

import { useId } from "react";

/**
 * The share dialog's choice: may the link's visitors approve images and comment under a typed
 * name? Off by default; its hint says what each way means, since an approval through a link
 * counts as the team's own (the image leaves the review queue).
 */
export function SignOffChoice({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-zinc-800">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={`${id}-hint`}
          className="size-5 accent-brand-600"
        />
        Client can approve and comment
      </label>
      <p id={`${id}-hint`} className="text-xs text-zinc-600">
        {checked
          ? "Anyone with the link can approve images and comment under a name they type. Their approvals count: approved images leave the review queue."
          : "Off: the link only shows the images. You can turn this on later on the Shared links page."}
      </p>
    </div>
  );
}
