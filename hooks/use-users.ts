"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateUserInput, UpdateUserInput } from "@/lib/schemas/user";
import type { UserView } from "@/lib/api-types";
import { apiFetch, type ApiError } from "./api-fetch";
import { queryKeys } from "./query-keys";

export function useUsers() {
  return useQuery({
    queryKey: queryKeys.users,
    queryFn: ({ signal }) => apiFetch<UserView[]>("/api/users", { signal }),
  });
}

/** Answers the generated one-time password when the account was invited without one. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation<{ user: UserView; password?: string }, ApiError, CreateUserInput>({
    mutationFn: (input) => apiFetch("/api/users", { method: "POST", json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation<UserView, ApiError, { id: string; change: UpdateUserInput }>({
    mutationFn: ({ id, change }) => apiFetch(`/api/users/${encodeURIComponent(id)}`, { method: "PATCH", json: change }),
    onSuccess: (user) => {
      queryClient.setQueryData<UserView[]>(queryKeys.users, (all) => all?.map((u) => (u.id === user.id ? user : u)));
    },
  });
}

/** Answers the generated one-time password the person must replace at their next sign-in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation<{ user: UserView; password: string }, ApiError, string>({
    mutationFn: (id) => apiFetch(`/api/users/${encodeURIComponent(id)}/password`, { method: "POST" }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData<UserView[]>(queryKeys.users, (all) => all?.map((u) => (u.id === user.id ? user : u)));
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: (id) => apiFetch(`/api/users/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<UserView[]>(queryKeys.users, (all) => all?.filter((u) => u.id !== id));
    },
  });
}
