import { z } from "zod";
import { ROLES } from "@/lib/schemas/roles";

// Payloads of the API keys and service accounts, shared by the keys page's forms and the handlers.

/** The expiries the form offers, in days; the API takes any whole number of days up to a year. */
export const KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const MAX_KEY_DAYS = 365;

export const createApiKeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the key, e.g. after the system that will use it")
    .max(80, "A key's name can be at most 80 characters"),
  role: z.enum(ROLES, { message: "Role must be admin, editor or reviewer." }),
  expires_in_days: z
    .number({ message: "Choose when the key expires" })
    .int("Choose when the key expires")
    .min(1, "A key lasts at least 1 day")
    .max(MAX_KEY_DAYS, `A key lasts at most ${MAX_KEY_DAYS} days`),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** Service accounts act for a system, never manage users: editor or reviewer. */
export const SERVICE_ACCOUNT_ROLES = ["editor", "reviewer"] as const;

export const createServiceAccountSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the service account, e.g. after the system that will use it")
    .max(60, "A service account's name can be at most 60 characters")
    .regex(/[a-z0-9]/i, "Use at least one letter or digit in the name"),
  role: z.enum(SERVICE_ACCOUNT_ROLES, { message: "A service account is an editor or a reviewer." }),
});
export type CreateServiceAccountInput = z.infer<typeof createServiceAccountSchema>;
