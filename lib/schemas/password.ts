import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits";

// The one rule for a password a person chooses (change form, Users form, reset, ADMIN_PASSWORD is
// only held to the length): at least 12 characters and not one of the passwords attackers try
// first. "Common" is zxcvbn's estimate over its list of leaked passwords, keyboard walks, dates
// and repeats, not a hand-made list.

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
/** zxcvbn scores 0–4; 0 and 1 are found within about a million guesses. */
const MIN_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;

/** True when the password is among the first guesses an attacker would try. */
export function isGuessable(password: string, userInputs: string[] = []): boolean {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator.check(password, [...userInputs, "product", "studio"]).score < MIN_SCORE;
}

export const LENGTH_MESSAGE = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
export const GUESSABLE_MESSAGE =
  "That password is too common or too easy to guess. Try a few unrelated words, or a longer phrase.";

/** A new password a person typed. */
export const newPasswordSchema = z
  .string({ message: "Enter a new password." })
  .min(PASSWORD_MIN_LENGTH, LENGTH_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine((password) => !isGuessable(password), GUESSABLE_MESSAGE);

/** PUT /api/account/password: used by the change form and by the route handler. */
export const changePasswordSchema = z
  .object({
    current_password: z.string({ message: "Enter your current password." }).min(1, "Enter your current password."),
    new_password: newPasswordSchema,
  })
  .refine((v) => v.current_password !== v.new_password, {
    message: "The new password must differ from the current one.",
    path: ["new_password"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * PUT /api/account/password right after signing in with a one-time password, to replace it: the
 * new password alone (the one-time one was typed moments ago, at sign-in).
 */
export const firstPasswordSchema = z.object({ new_password: newPasswordSchema });
export type FirstPasswordInput = z.infer<typeof firstPasswordSchema>;
