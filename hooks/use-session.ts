"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordInput, FirstPasswordInput } from "@/lib/schemas/password";
import type { SignInInput } from "@/lib/schemas/session";
import type { SessionUser } from "@/lib/types";
import { apiFetch, type ApiError } from "./api-fetch";
import { forgetThisDevice } from "./use-device-notifications";

// Signing in and out and changing one's password: the session's mutations, through apiFetch like
// every other call, so the server's own words (a wrong password, "Try again in 5 minutes.") show.

export function useSignIn() {
  return useMutation<{ user: SessionUser }, ApiError, SignInInput>({
    mutationFn: (input) => apiFetch("/api/session", { method: "POST", json: input }),
  });
}

/** Stops every query first: a poll landing after the session ended would only fail with 401. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, void>({
    mutationFn: async () => {
      await queryClient.cancelQueries();
      queryClient.clear();
      queryClient.setDefaultOptions({ queries: { enabled: false } });
      // A shared computer must not go on showing this person's notifications after they leave.
      await forgetThisDevice();
      await apiFetch<void>("/api/session", { method: "DELETE" });
    },
  });
}

export function useChangePassword() {
  return useMutation<{ user: SessionUser }, ApiError, ChangePasswordInput | FirstPasswordInput>({
    mutationFn: (input) => apiFetch("/api/account/password", { method: "PUT", json: input }),
  });
}
