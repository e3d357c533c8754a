"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useLinkSignOff } from "@/hooks/use-share-sign-off";
import { MAX_COMMENT_LENGTH } from "@/lib/schemas/review-params";
import { linkSignOffSchema, type LinkSignOffInput } from "@/lib/schemas/link-sign-off";
import { VISITOR_NAME_FIELD, useVisitorName } from "./visitor-name";
import { useCheckedForm } from "@/hooks/use-checked-form";

/** Approve and Comment on one image of a share link, sent under the visitor's typed name. */
export function SignOffControls({
  token,
  predictionId,
  imageIndex,
  label,
}: {
  token: string;
  predictionId: string;
  imageIndex: number;
  label: string;
}) {
  const id = useId();
  const [name] = useVisitorName();
  const signOff = useLinkSignOff(token);
  const [approved, setApproved] = useState(false);
  const [commenting, setCommenting] = useState(false);
  const [text, setText] = useState("");
  const [status, setStatus] = useState("");
  const { error, setError, check } = useCheckedForm(linkSignOffSchema, "Check what you wrote.");

  function send(action: LinkSignOffInput["action"], comment?: string) {
    if (!name) {
      setError("Type your name at the top of the page first.");
      document.getElementById(VISITOR_NAME_FIELD)?.focus();
      return;
    }
    const signOffInput = check({ name, prediction_id: predictionId, image_index: imageIndex, action, comment });
    if (!signOffInput) return;
    signOff.mutate(signOffInput, {
      onSuccess: () => {
        if (action === "approve") {
          setApproved(true);
          setStatus(`Approved as ${name}.`);
        } else {
          setText("");
          setCommenting(false);
          setStatus(`Comment sent as ${name}.`);
        }
      },
      onError: (failure) => setError(failure.message),
    });
  }

  const forImage = <span className="sr-only"> {label}</span>;
  return (
    <div className="@container space-y-2 px-3 pb-3">
      {/* Side by side where the card is wide enough; stacked in a phone's two-column grid. */}
      <div className="flex flex-col gap-2 @min-[13rem]:flex-row">
        <Button
          type="button"
          className="flex-1 px-2"
          disabled={approved || signOff.isPending}
          onClick={() => send("approve")}
        >
          {approved ? (
            <>
              <span aria-hidden="true">✓</span>Approved
            </>
          ) : (
            "Approve"
          )}
          {forImage}
        </Button>
        <Button
          type="button"
          variant="secondary"
          className="flex-1 px-2"
          aria-expanded={commenting}
          onClick={() => setCommenting(!commenting)}
        >
          Comment{forImage}
        </Button>
      </div>
      {commenting && (
        <form
          noValidate
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            send("comment", text);
          }}
        >
          <label htmlFor={`${id}-comment`} className="block text-xs font-medium text-zinc-800">
            Your comment{forImage}
          </label>
          <textarea
            id={`${id}-comment`}
            rows={3}
            maxLength={MAX_COMMENT_LENGTH}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base shadow-xs sm:text-sm"
          />
          <Button type="submit" variant="secondary" className="w-full" disabled={signOff.isPending}>
            Send comment{forImage}
          </Button>
        </form>
      )}
      <p role="status" className="text-xs text-emerald-800 empty:hidden">
        {status}
      </p>
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
