import { z } from "zod";
import { ROLES } from "@/lib/schemas/roles";
import { newPasswordSchema } from "./password";

// Payloads of the Users admin routes, shared by the Users page forms and the handlers.

const ROLE_MESSAGE = "Role must be admin, editor or reviewer.";

/** POST /api/users: without a password the account is "invited" with a generated one-time password. */
export const createUserSchema = z.object({
  email: z.email({ message: "Enter a valid email address." }).trim().toLowerCase(),
  role: z.enum(ROLES, { message: ROLE_MESSAGE }),
  password: newPasswordSchema.optional(),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PATCH /api/users/{id}: change the role, or disable / enable the account. */
export const updateUserSchema = z
  .object({
    role: z.enum(ROLES, { message: ROLE_MESSAGE }).optional(),
    disabled: z.boolean({ message: "disabled must be true or false" }).optional(),
  })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, {
    message: "Send a role or disabled to change.",
  });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
