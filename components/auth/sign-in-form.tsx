"use client";

import { useRouter } from "next/navigation";
import { useSignIn } from "@/hooks/use-session";
import { CHANGE_PASSWORD_PATH } from "@/lib/auth/next-path";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useCheckedForm } from "@/hooks/use-checked-form";

export function SignInForm({ next }: { next: string }) {
  const router = useRouter();
  const signIn = useSignIn();
  // zod loads with the first check, not with the page everyone opens first.
  const { error, setError, check } = useCheckedForm(
    async () => (await import("@/lib/schemas/session")).signInSchema,
    "Check the form",
  );

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credentials = await check({ email: form.get("email"), password: form.get("password") });
    if (!credentials) return;
    signIn.mutate(credentials, {
      // Straight to the change form when the password was a one-time one: the pages would
      // redirect there anyway, and a server redirect during this client navigation loops.
      onSuccess: ({ user }) => {
        router.replace(
          user.password_change_required ? `${CHANGE_PASSWORD_PATH}?next=${encodeURIComponent(next)}` : next,
        );
        router.refresh();
      },
      // The server's words: wrong credentials, or when to try again after too many attempts.
      onError: (e) => setError(e.message),
    });
  }

  const busy = signIn.isPending || signIn.isSuccess;
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-4" noValidate>
      <Field label="Email" name="email" type="email" autoComplete="username" required />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
