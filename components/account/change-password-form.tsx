"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { useChangePassword } from "@/hooks/use-session";
import { changePasswordSchema, PASSWORD_MIN_LENGTH } from "@/lib/schemas/password";

/** Current password, a new one twice. Other devices are signed out; this one stays signed in. */
export function ChangePasswordForm({ next }: { next: string }) {
  const router = useRouter();
  const toast = useToast();
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = changePasswordSchema.safeParse({
      current_password: form.get("current_password"),
      new_password: form.get("new_password"),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the form.");
    if (form.get("confirm_password") !== parsed.data.new_password) {
      return setError("The two new passwords are not the same.");
    }
    setError(null);
    change.mutate(parsed.data, {
      onSuccess: () => {
        toast.show("Your password is changed. Other devices are signed out.", "success");
        router.replace(next);
        router.refresh();
      },
      onError: (e) => setError(e.message),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-sm space-y-4">
      <Field label="Current password" name="current_password" type="password" autoComplete="current-password" required />
      <Field
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters; a few unrelated words work well.`}
        required
      />
      <Field label="New password again" name="confirm_password" type="password" autoComplete="new-password" required />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" disabled={change.isPending || change.isSuccess}>
        {change.isPending ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}
