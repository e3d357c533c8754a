import { z } from "zod";

// PUT /api/settings/password-sign-in: everyone signs in with a password, or only one break-glass
// admin (once company sign-in is set up). Shared by the Users page's switch and the handler.
export const passwordSignInSchema = z.discriminatedUnion(
  "mode",
  [
    z.object({ mode: z.literal("everyone") }),
    z.object({
      mode: z.literal("break_glass"),
      admin_id: z.string({ message: "Pick the break-glass admin." }).min(1, "Pick the break-glass admin."),
    }),
  ],
  { message: "mode must be everyone or break_glass" },
);
export type PasswordSignInInput = z.infer<typeof passwordSignInSchema>;
