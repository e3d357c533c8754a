import "server-only";
import type { PasswordSignInView } from "@/lib/api-types";
import { recordAudit } from "@/lib/audit/record";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { oidcSettings } from "./oidc-settings/settings";
import { getUserById } from "./users";

// Who may sign in with a password once the company sign-in is set up: everyone, or only one
// break-glass admin (for the day the identity provider is down or misconfigured). The choice is a
// row in the database, so every instance applies it. Without company sign-in it does not apply:
// passwords are then the only way in.

export type PasswordSignIn = PasswordSignInView;

export async function getPasswordSignIn(): Promise<PasswordSignIn> {
  const db = await getDb();
  const [row] = await db.query<{ break_glass_user_id: string | null; email: string | null }>(
    `SELECT s.break_glass_user_id, u.email FROM password_sign_in s
       LEFT JOIN users u ON u.id = s.break_glass_user_id`,
  );
  if (!row) return { mode: "everyone" };
  return {
    mode: "break_glass",
    admin: row.break_glass_user_id && row.email ? { id: row.break_glass_user_id, email: row.email } : null,
  };
}

export async function setPasswordSignIn(
  actor: { id: string; email: string },
  choice: { mode: "everyone" } | { mode: "break_glass"; adminId: string },
  address: string | null,
): Promise<PasswordSignIn> {
  const settings = oidcSettings();
  if (!settings && choice.mode === "break_glass") {
    throw new AppError("conflict", "Set up the company sign-in first: without it, passwords are the only way in.");
  }
  const db = await getDb();
  if (choice.mode === "everyone") {
    await db.query("DELETE FROM password_sign_in");
    await recordAudit({ actor, action: "settings.password_sign_in", detail: { mode: "everyone" }, ip: address });
    return { mode: "everyone" };
  }
  const admin = await getUserById(choice.adminId);
  if (!admin || admin.role !== "admin" || admin.disabledAt !== null) {
    throw new AppError("bad_request", "The break-glass account must be an admin whose account is on.");
  }
  await db.query(
    `INSERT INTO password_sign_in (only_one, break_glass_user_id, changed_at) VALUES (true, $1, now())
     ON CONFLICT (only_one) DO UPDATE SET break_glass_user_id = EXCLUDED.break_glass_user_id, changed_at = now()`,
    [admin.id],
  );
  await recordAudit({
    actor,
    action: "settings.password_sign_in",
    targetUserId: admin.id,
    targetEmail: admin.email,
    detail: { mode: "break_glass" },
    ip: address,
  });
  return { mode: "break_glass", admin: { id: admin.id, email: admin.email } };
}

/** Refuses a password sign-in of anyone but the break-glass admin while the switch is on. */
export async function assertPasswordSignInAllowed(user: { id: string }): Promise<void> {
  const settings = oidcSettings();
  if (!settings) return;
  const current = await getPasswordSignIn();
  if (current.mode === "everyone" || current.admin?.id === user.id) return;
  throw new AppError("forbidden", `Password sign-in is turned off here. Use “${settings.name}” instead.`);
}
