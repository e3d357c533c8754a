// The actions the audit log records, in the words the Activity page shows. Client-safe: the
// page's filter lists them.

export const AUDIT_ACTIONS = {
  "sign_in.succeeded": "signed in",
  "sign_in.failed": "failed to sign in",
  "sign_in.company": "signed in with the company account",
  "sign_in.company_refused": "was refused at company sign-in",
  "user.created_by_company_sign_in": "got an account through company sign-in",
  "settings.password_sign_in": "changed who may sign in with a password",
  "product.created": "created product",
  "product.renamed": "renamed product",
  "product.archived": "archived product",
  "product.unarchived": "brought back product",
  "product.versioned": "made a new version of product",
  "lora.started": "started training for",
  "prediction.created": "generated a shot of",
  "batch.created": "generated a batch of",
  "campaign.created": "started campaign",
  "campaign.paused": "paused campaign",
  "campaign.resumed": "resumed campaign",
  "campaign.cancelled": "cancelled campaign",
  "campaign.retried": "sent again the failed shots of campaign",
  "review.recorded": "reviewed",
  "review.via_link": "signed off through a share link on",
  "review.undone": "undid a review of",
  "share.created": "created a share link",
  "share.revoked": "revoked a share link",
  "share.changed": "changed a share link",
  "user.created": "created user",
  "user.changed": "changed user",
  "user.disabled": "disabled user",
  "user.deleted": "deleted user",
  "password.changed": "changed their password",
  "password.reset": "reset the password of",
  "webhook.created": "added the team webhook",
  "webhook.enabled": "turned back on the team webhook",
  "webhook.deleted": "deleted the team webhook",
  "api_key.created": "created the API key",
  "api_key.revoked": "revoked the API key",
  "api_key.used": "made a change through the API:",
  "service_account.created": "created the service account",
  "budget.changed": "changed a monthly budget",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}
