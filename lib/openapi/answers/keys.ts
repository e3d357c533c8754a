import { z } from "zod";
import type { ApiKeyView, CreatedApiKey, ServiceAccountView } from "@/lib/api-types";
import { isoTime, role } from "./common";
import { shaped } from "./shaped";

export const apiKeyView = shaped<ApiKeyView>()(
  z
    .object({
      id: z.string(),
      name: z.string(),
      role,
      hint: z.string().meta({
        description: "The secret's first characters, to tell keys apart; the secret itself is answered once.",
      }),
      created_at: isoTime,
      expires_at: isoTime,
      last_used_at: isoTime.nullable().meta({ description: "When it was last used; null for never." }),
      expired: z.boolean(),
    })
    .meta({ id: "ApiKey" }),
);

export const createdApiKey = shaped<CreatedApiKey>()(
  z
    .object({
      key: apiKeyView,
      secret: z.string().meta({ description: "The key itself (`psk_…`): shown this once, kept only as a hash." }),
    })
    .meta({ id: "CreatedApiKey" }),
);

export const serviceAccountView = shaped<ServiceAccountView>()(
  z
    .object({
      id: z.string(),
      name: z.string(),
      role,
      created_at: isoTime,
      active_keys: z.number().int().meta({ description: "Keys neither revoked nor expired." }),
    })
    .meta({ id: "ServiceAccount" }),
);
