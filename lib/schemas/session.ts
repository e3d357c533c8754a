import { z } from "zod";

/** POST /api/session: used by the sign-in form and by the route handler. */
export const signInSchema = z.object({
  email: z.email({ message: "Enter your email address" }).trim().toLowerCase(),
  password: z.string().min(1, "Enter your password"),
});
export type SignInInput = z.infer<typeof signInSchema>;
