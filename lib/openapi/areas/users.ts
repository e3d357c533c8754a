import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { passwordSignInSchema } from "@/lib/schemas/password-sign-in";
import { createUserSchema, updateUserSchema } from "@/lib/schemas/user";
import { userView } from "../answers/common";
import { passwordSignIn } from "../answers/misc";
import { jsonAnswer, noContent, operation, pathParams } from "../operation";

// The team's accounts and who may sign in with a password (admins).

const tag = "Users";
const id = pathParams("id");
const withPassword = z.object({
  user: userView,
  password: z.string().optional().meta({ description: "The one-time password, answered this once." }),
});

export const userPaths: ZodOpenApiPathsObject = {
  "/api/users": {
    get: operation({
      tag,
      access: "manage_users",
      summary: "Every account",
      answers: { "200": jsonAnswer("The accounts.", z.array(userView)) },
    }),
    post: operation({
      tag,
      access: "manage_users",
      summary: "Add an account",
      description:
        "Without a password, a one-time password is generated and answered this once (it must be changed at the first sign-in).",
      json: createUserSchema,
      answers: { "201": jsonAnswer("Added.", withPassword) },
      errors: [409],
    }),
  },
  "/api/users/{id}": {
    patch: operation({
      tag,
      access: "manage_users",
      summary: "Change an account's role, or turn it off or on",
      path: id,
      json: updateUserSchema,
      answers: { "200": jsonAnswer("The account now.", userView) },
      errors: [404, 409],
    }),
    delete: operation({
      tag,
      access: "manage_users",
      summary: "Delete an account",
      path: id,
      answers: { "204": noContent },
      errors: [404, 409],
    }),
  },
  "/api/users/{id}/password": {
    post: operation({
      tag,
      access: "manage_users",
      summary: "Reset an account's password to a one-time one",
      path: id,
      answers: {
        "200": jsonAnswer(
          "The one-time password, answered this once.",
          z.object({ user: userView, password: z.string() }),
        ),
      },
      errors: [404, 409],
    }),
  },
  "/api/settings/password-sign-in": {
    get: operation({
      tag,
      access: "manage_users",
      summary: "Who may sign in with a password",
      answers: { "200": jsonAnswer("The choice.", passwordSignIn) },
    }),
    put: operation({
      tag,
      access: "manage_users",
      summary: "Let everyone, or only the break-glass admin, sign in with a password",
      json: passwordSignInSchema,
      answers: { "200": jsonAnswer("The choice now.", passwordSignIn) },
      errors: [409],
    }),
  },
};
