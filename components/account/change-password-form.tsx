"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { useToast } from "@/components/ui/toast";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { useChangePassword } from "@/hooks/use-session";
import { PASSWORD_MIN_LENGTH } from "@/lib/schemas/limits";

/**
 * Current password, a new one twice. Other devices are signed out; this one stays signed in.
 * Without `askCurrent` (right after signing in with a one-time password) the new one alone.
 */
export function ChangePasswordForm({ next, askCurrent }: { next: string; askCurrent: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const change = useChangePassword();
  // The rule (zod and zxcvbn's list of leaked passwords, about 270 KB on the wire) loads with the
  // first check, not with the page: this is the first page someone invited sees, often on a phone.
  const checked = useCheckedForm(async () => {
    const rules = await import("@/lib/schemas/password");
    return askCurrent ? rules.changePasswordSchema : rules.firstPasswordSchema;
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = { new_password: form.get("new_password") };
    const input = await checked.check(
      askCurrent ? { ...typed, current_password: form.get("current_password") } : typed,
    );
    if (!input) return;
    if (form.get("confirm_password") !== input.new_password)
      return checked.setError("The two new passwords are not the same.");
    change.mutate(input, {
      onSuccess: () => {
        toast.show("Your password is changed. Other devices are signed out.", "success");
        router.replace(next);
        router.refresh();
      },
      onError: checked.refused,
    });
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="max-w-sm space-y-4">
      {askCurrent && (
        <Field
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
        />
      )}
      <Field
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters; a few unrelated words work well.`}
        required
      />
      <Field label="New password again" name="confirm_password" type="password" autoComplete="new-password" required />
      <FormError error={checked.error} className="rounded-md bg-red-50 px-3 py-2" />
      <Button type="submit" disabled={change.isPending || change.isSuccess}>
        {change.isPending ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}
