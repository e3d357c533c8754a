// The shapes the app's own API answers (beyond lib/types.ts), for hooks and components:
// type-only and client-safe, so nothing in the browser imports a server module to name them.
// The server's use cases build exactly these.
import type { AuditAction } from "@/lib/schemas/audit-actions";
import type { BudgetKind, BudgetScope } from "@/lib/schemas/budget-kinds";
import type { NotificationSettingsInput, WebhookEvent } from "@/lib/schemas/notify";
import type { ReviewAction } from "@/lib/schemas/review-params";
import type { AspectRatio, ErrorBody, PredictionView, Role } from "@/lib/types";

// POST /api/predictions/batch (and POST /api/predictions when its shot is queued)
export type BatchItem =
  | { aspect_ratio: AspectRatio; variation?: number; ok: true; sent: true; prediction: PredictionView }
  /** Not made yet: waiting for the service (a 429), or sent and its answer being confirmed; it will be made once. */
  | { aspect_ratio: AspectRatio; variation?: number; ok: true; sent: false; queued: true; message: string }
  | { aspect_ratio: AspectRatio; variation?: number; ok: false; sent: boolean; error: ErrorBody };

export interface BatchResult {
  items: BatchItem[];
  /** The batch's campaign: GET /api/campaigns/{id} follows its queued shots until they are made. */
  campaign_id: string;
}

/** POST /api/predictions answers 202 with this when the service could not take the shot at once. */
export interface QueuedShot {
  queued: true;
  campaign_id: string;
  message: string;
}

// /api/campaigns
export type CampaignStatus = "training" | "running" | "paused" | "done" | "cancelled" | "failed";
export type CampaignProductState = "checking" | "training" | "ready" | "skipped";
export type CampaignCellState =
  | "waiting_training"
  | "training"
  | "queued"
  | "waiting_service"
  | "sending"
  | "confirming"
  | "generating"
  | "done"
  | "failed"
  | "cancelled";

export interface CampaignOutputView {
  aspect_ratio: AspectRatio;
  channel: string | null;
}

export interface CampaignSummary {
  id: string;
  name: string;
  status: CampaignStatus;
  total: number;
  ready: number;
  failed: number;
  cancelled: number;
  /** Shots not yet ready, failed or cancelled. */
  open: number;
  product_count: number;
  prompts: string[];
  outputs: CampaignOutputView[];
  variations: number;
  created_at: string;
  created_by_email: string | null;
  paused_at: string | null;
  /** Why it paused itself (its monthly budget reached), in words; null when a person paused it. */
  paused_reason: string | null;
  finished_at: string | null;
  /** Why sending waits now, in words ("waiting for the service"); null when it does not. */
  waiting_reason: string | null;
  /** Time until every shot is expected, at the service's recent pace; null when nothing is left. */
  eta_ms: number | null;
}

export interface CampaignProductView {
  id: string;
  name: string;
  state: CampaignProductState;
  reason: string | null;
  training_started_at: string | null;
}

export interface CampaignCell {
  product_id: string;
  prompt_index: number;
  aspect_ratio: AspectRatio;
  variation: number;
  state: CampaignCellState;
  prediction_id: string | null;
  /** The first image once made (an asset URL; thumbnails through /api/images/thumb). */
  image: string | null;
  images: number;
  error: string | null;
}

export interface CampaignView extends CampaignSummary {
  products: CampaignProductView[];
  cells: CampaignCell[];
}

export interface CampaignPage {
  items: CampaignSummary[];
  next_cursor: string | null;
}

/** POST /api/campaigns/estimate: what a campaign would make, before it starts. */
export interface CampaignEstimate {
  total: number;
  max: number;
  /** Products without a ready LoRA as far as the app knows: the campaign trains them first. */
  to_train: number;
  /** Products the app has no record of: asked of the service when the campaign starts. */
  unknown_products: number;
  eta_ms: number;
  /** Creates per second the service has recently allowed. */
  rate_per_second: number;
  /** Shots the person may still make this month (their budget and the team's); null: no limit. */
  shots_left_this_month?: number | null;
}

// /api/users
export interface UserView {
  id: string;
  email: string;
  role: Role;
  disabled: boolean;
  disabled_at: string | null;
  /** Still on a password the app generated (an invitation or a reset not yet replaced). */
  password_change_required: boolean;
  created_at: string;
  updated_at: string;
}

// /api/settings/password-sign-in
export type PasswordSignInView =
  | { mode: "everyone" }
  /** `admin` is null once the break-glass admin's account was deleted: nobody signs in with a password. */
  | { mode: "break_glass"; admin: { id: string; email: string } | null };

// /api/shares
export interface ShareView {
  id: string;
  title: string | null;
  filter: Record<string, string>;
  /** How many shots the link shows (null for a link from before links held ids, until first opened). */
  count: number | null;
  /** Their images, as the app's index knows them (in the list of links only; null as for `count`). */
  images?: number | null;
  /** The product of a one-product view, by name. */
  product_name: string | null;
  created_by_email: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  active: boolean;
  /** Whether the link's visitors may approve or comment on its images under a typed name. */
  sign_off: boolean;
  /**
   * The link's path ("/share/<token>"), in the list of links only and only for the link's maker;
   * null for a link made before addresses were kept. Absent for anyone else (an admin included).
   */
  url?: string | null;
}

/** PATCH /api/shares/{id}: what its maker may change on a link. */
export interface ShareChange {
  sign_off: boolean;
}

/** POST /api/share/{token}/sign-off: what was recorded for the visitor. */
export interface LinkSignOff {
  prediction_id: string;
  image_index: number;
  action: "approve" | "comment";
  name: string;
}

export interface SharePreview {
  /** How many shots a link made from this view now would show. */
  count: number;
  /** Their images (a shot holds 1 to 4): what the dialog counts. */
  images: number;
  product_name: string | null;
}

// /api/prompts
export interface PromptHistoryItem {
  prompt: string;
  uses: number;
  last_used_at: string;
  /** Of the latest use, so "use again" can restore it. */
  product_id: string;
  aspect_ratio: string;
  template_id: string | null;
}

export interface PromptPreset {
  id: string;
  template_id: string;
  name: string;
  prompt: string;
  aspect_ratio: string | null;
  created_by: string | null;
  created_by_email: string | null;
  created_at: string;
}

// /api/predictions/{id}/reviews and /api/reviews/queue
export interface ReviewEvent {
  id: string;
  image_index: number;
  action: ReviewAction;
  comment: string | null;
  /** Null for a sign-off sent through a share link (see via_link). */
  author_email: string | null;
  /** The name a share link's visitor typed, when the action came through a link. */
  via_link: string | null;
  created_at: string;
  /** When its author undid it (the image's state went back to what it was before); else null. */
  undone_at: string | null;
}

export interface ImageReview {
  image_index: number;
  url: string;
  status: "approved" | "rejected" | null;
  starred: boolean;
  updated_by_email: string | null;
  updated_at: string | null;
}

export interface PredictionReviews {
  prediction_id: string;
  images: ImageReview[];
  /** Every action on this prediction's images, oldest first: the who-and-when record. */
  events: ReviewEvent[];
}

/** POST /api/predictions/{id}/reviews: the reviews afterwards and the event just recorded (to undo it). */
export interface RecordedReview extends PredictionReviews {
  event_id: string;
}

export interface QueueItem {
  prediction: PredictionView;
  image_index: number;
  image_url: string;
}

export interface ReviewQueuePage {
  items: QueueItem[];
  next_cursor: string | null;
  /** Every image awaiting review (of the chosen product, if any), not only this page's. */
  total: number;
  /** The products with images awaiting review, by name, for the queue's filter. */
  products: QueueProduct[];
}

/** GET /api/reviews/summary?products=1: what the review queue's picker and its page count. */
export interface ReviewCounts {
  awaiting: number;
  products: QueueProduct[];
}

export interface QueueProduct {
  id: string;
  /** Null for a product the app did not create. */
  name: string | null;
  awaiting: number;
}

// /api/keys, /api/service-accounts/{id}/keys
export interface ApiKeyView {
  id: string;
  name: string;
  role: Role;
  /** The secret's first characters, to tell keys apart; the secret itself is answered once, at creation. */
  hint: string;
  /** ISO 8601. */
  created_at: string;
  expires_at: string;
  /** When it was last used, null for never. */
  last_used_at: string | null;
  expired: boolean;
}

/** The answer to creating a key: the secret, this once. */
export interface CreatedApiKey {
  key: ApiKeyView;
  secret: string;
}

// /api/service-accounts
export interface ServiceAccountView {
  id: string;
  name: string;
  role: Role;
  created_at: string;
  /** Keys neither revoked nor expired. */
  active_keys: number;
}

// GET /api/audit: the Activity page's lines.
export interface AuditLine {
  id: string;
  at: string;
  actor: { id: string | null; email: string };
  action: AuditAction;
  /** The action in the page's words ("created product"). */
  words: string;
  product: { id: string; name: string | null } | null;
  prediction: { id: string; prompt: string | null } | null;
  target_email: string | null;
  detail: Record<string, string | number | boolean | null>;
}

export interface AuditPage {
  items: AuditLine[];
  next_cursor: string | null;
}

/** The campaign (or batch) a gallery or review page is filtered to, named. */
export interface CampaignFilter {
  id: string;
  name: string;
}

/** GET /api/products/ids: the answer. */
export interface ProductIdsAnswer {
  /** In the list's order, at most MAX_CAMPAIGN_PRODUCTS. */
  ids: string[];
  /** Every product the filter matches (more than `ids` when capped). */
  total: number;
  capped: boolean;
  /** Why fewer ids than matches were answered, in words; null when every match is there. */
  message: string | null;
}

/** A product as the campaign form's chips show it. */
export interface CampaignProductChoice {
  id: string;
  name: string;
  template_id: string | null;
  /** Trained already: the campaign need not train it first. */
  ready: boolean;
}

// GET /api/notifications, /api/notifications/settings, /api/webhooks.
export interface NotificationView {
  id: number;
  event: string;
  title: string;
  body: string;
  /** A path inside the app. */
  link: string;
  created_at: string;
  read: boolean;
}

export interface NotificationList {
  items: NotificationView[];
  unread: number;
}

export type NotificationSettingsView = NotificationSettingsInput & {
  /** False when the server has no SMTP_URL: the page says email is not set up. */
  email_configured: boolean;
};

/** GET /api/push/key: the installation's VAPID public key (base64url), for PushManager.subscribe. */
export interface PushKeyView {
  public_key: string;
}

export interface WebhookView {
  id: string;
  /** Scheme, host and the start of the path: enough to recognise, not enough to post. */
  url_hint: string;
  events: WebhookEvent[];
  created_at: string;
  disabled_at: string | null;
  disabled_reason: string | null;
}

// /api/budgets, /api/usage: the monthly limits and this month against them.
export interface BudgetRow {
  scope: BudgetScope;
  subject: string;
  kind: BudgetKind;
  monthly_limit: number;
}

export interface MonthStanding {
  kind: BudgetKind;
  used: number;
  limit: number | null;
  left: number | null;
}

export interface BudgetsView {
  month: string;
  resets_at: string;
  budgets: BudgetRow[];
  /** The person's own month against their limit, and the team's against the installation's. */
  mine: MonthStanding[];
  team: MonthStanding[];
}

// /api/usage/approvals, /api/prompts/scenes: what gets approved.
export type ApprovalDimension = "scene" | "template" | "aspect_ratio" | "product";

export interface ApprovalRow {
  key: string;
  name: string;
  approved: number;
  reviewed: number;
  /** approved ÷ reviewed, 0…1 */
  rate: number;
}

export interface ReviewWait {
  /** Images reviewed (their first approve or reject). */
  images: number;
  median_seconds: number | null;
  p90_seconds: number | null;
}

export interface ApprovalReport {
  groups: Record<ApprovalDimension, ApprovalRow[]>;
  review_wait: ReviewWait;
}

// GET /api/events: what an open page is told (Server-Sent Events; the event's name is `kind`, its
// data this JSON). `ready` opens every stream (its id is where a reconnect resumes); `reload`
// says more was missed than the stream replays, so every list loads again.
export type LiveEvent =
  | { kind: "ready" }
  | { kind: "reload" }
  | {
      kind: "shots.ready";
      prediction_id: string;
      product_id: string;
      campaign_id: string | null;
      /** False when the watcher stopped waiting for the shot (it never came). */
      ready: boolean;
      /** The shot with its images, as GET /api/predictions/{id} answers it: pages patch it in without asking. */
      prediction?: PredictionView;
    }
  /** A training ended: `ready` false when it was given up. */
  | { kind: "training.finished"; product_id: string; ready: boolean }
  /** `by_user_id`: who reviewed (null for a share link's visitor), so their own pages can leave it be. */
  | { kind: "review.changed"; prediction_id: string; by_user_id: string | null }
  | { kind: "campaign.changed"; campaign_id: string }
  | { kind: "notification" };

export type LiveEventKind = LiveEvent["kind"];
