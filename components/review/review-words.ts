import type { ReviewAction } from "@/lib/schemas/review-params";

// How review states and actions read to a person; shared by the controls, the history and the queue.

export type ReviewStatus = "approved" | "rejected" | null;

export const STATUS_WORDS: Record<"approved" | "rejected" | "none", string> = {
  approved: "Approved",
  rejected: "Rejected",
  none: "Not reviewed yet",
};

export const STATUS_CLASS: Record<"approved" | "rejected" | "none", string> = {
  approved: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  rejected: "bg-red-100 text-red-900 ring-red-300",
  none: "bg-zinc-100 text-zinc-800 ring-zinc-300",
};

export const ACTION_WORDS: Record<ReviewAction, string> = {
  approve: "approved",
  reject: "rejected",
  star: "starred",
  unstar: "removed the star",
  comment: "commented",
  clear: "cleared the review",
};
