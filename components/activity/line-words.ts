import type { AuditLine } from "@/lib/api-types";
import type { ReviewAction } from "@/lib/schemas/review-params";

// The small facts of a line (its `detail`) as a person reads them, after the object it names.

const quoted = (text: unknown) => (typeof text === "string" && text ? ` “${text}”` : "");
const shots = (n: unknown) => (typeof n === "number" ? ` of ${n} ${n === 1 ? "shot" : "shots"}` : "");

const REVIEW_VERBS: Record<ReviewAction, string> = {
  approve: "approved a shot of",
  reject: "rejected a shot of",
  star: "starred a shot of",
  unstar: "unstarred a shot of",
  comment: "commented on a shot of",
  clear: "cleared the review of a shot of",
};

/** The verb of the line: a review says which review it was. */
export function lineVerb(line: AuditLine): string {
  if (line.action !== "review.recorded" && line.action !== "review.via_link") return line.words;
  return REVIEW_VERBS[line.detail.review as ReviewAction] ?? line.words;
}

/** What follows the object: a share's title and size, a new role, a batch's count, an image number; the API key it was done with. */
export function lineDetail(line: AuditLine): string {
  const key = line.detail.via_key;
  return `${actionDetail(line)}${typeof key === "string" ? ` via key “${key}”` : ""}`;
}

function actionDetail(line: AuditLine): string {
  const d = line.detail;
  switch (line.action) {
    case "share.created":
      return `${quoted(d.title)}${shots(d.shots)}${d.signOff === true ? " (client sign-off on)" : ""}`;
    case "share.revoked":
      return quoted(d.title);
    case "share.changed":
      return `${quoted(d.title)} (client sign-off ${d.signOff ? "on" : "off"})`;
    case "batch.created":
      return typeof d.created === "number" ? ` (${d.created} of ${d.asked} sent)` : "";
    case "campaign.created":
      return `${quoted(d.name)}${shots(d.shots)}`;
    case "campaign.paused":
    case "campaign.resumed":
    case "campaign.cancelled":
    case "campaign.retried":
      return quoted(d.name);
    case "review.recorded":
    case "review.via_link":
    case "review.undone":
      return typeof d.image === "number" ? ` (image ${d.image + 1})` : "";
    case "webhook.created":
      return `${typeof d.url === "string" ? ` ${d.url}` : ""}${typeof d.events === "string" ? ` (${d.events})` : ""}`;
    case "webhook.enabled":
    case "webhook.deleted":
      return typeof d.url === "string" ? ` ${d.url}` : "";
    case "user.created":
    case "user.changed":
      return typeof d.role === "string" ? ` (role ${d.role})` : d.enabled ? " (enabled again)" : "";
    case "api_key.created":
    case "api_key.revoked":
      return `${quoted(d.name)}${typeof d.owner === "string" ? ` of ${d.owner}` : ""}${typeof d.role === "string" ? ` (role ${d.role})` : ""}`;
    case "api_key.used":
      return typeof d.method === "string" ? ` ${d.method} ${d.route}` : "";
    case "service_account.created":
      return `${quoted(d.name)}${typeof d.role === "string" ? ` (role ${d.role})` : ""}`;
    default:
      return "";
  }
}
