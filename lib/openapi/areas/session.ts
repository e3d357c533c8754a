import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { changePasswordSchema, firstPasswordSchema } from "@/lib/schemas/password";
import { signInSchema } from "@/lib/schemas/session";
import { sessionUser } from "../answers/common";
import { jsonAnswer, noContent, operation } from "../operation";

// Signing in and out, and one's own password.

const tag = "Session";
const redirect = (description: string) => ({ description, headers: z.object({ location: z.string() }) });
const nextQuery = z.object({
  next: z.string().optional().meta({ description: "A path of the app to open after signing in." }),
});

export const sessionPaths: ZodOpenApiPathsObject = {
  "/api/session": {
    post: operation({
      tag,
      access: "public",
      summary: "Sign in with an email and a password",
      description:
        "Answers the person and sets the session cookie (`ps_session`) and a device cookie. 429 after too many failures; 503 while too many passwords are being checked at once.",
      json: signInSchema,
      answers: {
        "200": jsonAnswer("Signed in.", z.object({ user: sessionUser }), z.object({ "set-cookie": z.string() })),
      },
      errors: [401, 403, 429, 503],
    }),
    get: operation({
      tag,
      access: "view",
      summary: "Who is signed in",
      answers: { "200": jsonAnswer("The signed-in person.", z.object({ user: sessionUser })) },
    }),
    delete: operation({
      tag,
      access: "public",
      summary: "Sign out",
      description: "Clears the cookie; when it is still current, every session of the person ends.",
      answers: { "204": noContent },
    }),
  },
  "/api/session/sso": {
    get: operation({
      tag,
      access: "public",
      summary: "Start the company sign-in",
      description:
        "The company sign-in button: a redirect to the identity provider (404 when company sign-in is not set up).",
      query: nextQuery,
      answers: { "303": redirect("To the identity provider, or back to the sign-in page with the reason.") },
      errors: [404],
    }),
  },
  "/api/session/sso/callback": {
    get: operation({
      tag,
      access: "public",
      summary: "Finish the company sign-in",
      description:
        "Where the identity provider sends the person back: signed in and sent on, or sent to the sign-in page with the reason in words.",
      answers: { "303": redirect("Signed in (with the session cookie), or back to the sign-in page.") },
      errors: [404],
    }),
  },
  "/api/account/password": {
    put: operation({
      tag,
      access: "view",
      summary: "Change one's own password",
      description:
        "`{ current_password, new_password }`; right after signing in with a one-time password, `{ new_password }` alone. Every other session of the person ends.",
      json: z.union([changePasswordSchema, firstPasswordSchema]),
      answers: { "200": jsonAnswer("Changed; a fresh session cookie is set.", z.object({ user: sessionUser })) },
    }),
  },
};
