import { z } from "zod";
import { ROLES } from "@/lib/schemas/roles";
import type { SessionUser } from "@/lib/types";
import type { UserView } from "@/lib/api-types";
import { ASPECT_RATIOS } from "@/lib/types";
import { shaped } from "./shaped";

export const isoTime = z.string().meta({ format: "date-time", description: "ISO 8601." });
export const aspectRatio = z
  .enum(ASPECT_RATIOS)
  .meta({ id: "AspectRatio", description: "One of the seven aspect ratios." });
export const role = z.enum(ROLES).meta({ id: "Role" });
export const nextCursor = z
  .string()
  .nullable()
  .meta({ description: "Pass as `cursor` for the next page; null on the last page." });

export const sessionUser = shaped<SessionUser>()(
  z
    .object({ id: z.string(), email: z.string(), role, password_change_required: z.boolean().optional() })
    .meta({ id: "SessionUser", description: "The signed-in person." }),
);

export const userView = shaped<UserView>()(
  z
    .object({
      id: z.string(),
      email: z.string(),
      role,
      disabled: z.boolean(),
      disabled_at: isoTime.nullable(),
      password_change_required: z.boolean(),
      created_at: isoTime,
      updated_at: isoTime,
    })
    .meta({ id: "UserView" }),
);
