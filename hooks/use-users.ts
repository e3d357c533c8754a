"use client";

import { useMutation } from "@tanstack/react-query";
import type { CreateUserInput, UpdateUserInput } from "@/lib/schemas/user";
import type { PasswordSignInView, UserView } from "@/lib/api-types";
import type { PasswordSignInInput } from "@/lib/schemas/password-sign-in";
import { apiFetch, type ApiError } from "./api-fetch";

// The Users page is drawn on the server: after each change it asks for a new drawing
// (useServerRefresh), so these hold no list of their own.

/** Answers the generated one-time password when the account was invited without one. */
export function useCreateUser() {
  return useMutation<{ user: UserView; password?: string }, ApiError, CreateUserInput>({
    mutationFn: (input) => apiFetch("/api/users", { method: "POST", json: input }),
  });
}

export function useUpdateUser() {
  return useMutation<UserView, ApiError, { id: string; change: UpdateUserInput }>({
    mutationFn: ({ id, change }) => apiFetch(`/api/users/${encodeURIComponent(id)}`, { method: "PATCH", json: change }),
  });
}

/** Answers the generated one-time password the person must replace at their next sign-in. */
export function useResetPassword() {
  return useMutation<{ user: UserView; password: string }, ApiError, string>({
    mutationFn: (id) => apiFetch(`/api/users/${encodeURIComponent(id)}/password`, { method: "POST" }),
  });
}

export function useDeleteUser() {
  return useMutation<void, ApiError, string>({
    mutationFn: (id) => apiFetch(`/api/users/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });
}

/** Everyone signs in with a password, or only the break-glass admin (with company sign-in). */
export function useSetPasswordSignIn() {
  return useMutation<PasswordSignInView, ApiError, PasswordSignInInput>({
    mutationFn: (input) => apiFetch("/api/settings/password-sign-in", { method: "PUT", json: input }),
  });
}
