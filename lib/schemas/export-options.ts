import { z } from "zod";
import {
  CHANNEL_PRESETS,
  EXPORT_FORMATS,
  type ChannelPresetId,
  type ExportFormat,
} from "@/lib/schemas/channel-presets";

// A download's channel preset and file format (GET /api/images/download, POST /api/predictions/zip).

export const exportOptionsSchema = z.object({
  preset: z
    .enum(CHANNEL_PRESETS.map((p) => p.id) as [ChannelPresetId, ...ChannelPresetId[]], {
      message: `preset must be one of: ${CHANNEL_PRESETS.map((p) => p.id).join(", ")}`,
    })
    .optional(),
  format: z
    .enum(EXPORT_FORMATS.map((f) => f.id) as [ExportFormat, ...ExportFormat[]], {
      message: "format must be jpeg, png or webp",
    })
    .optional(),
});
export type ExportOptions = z.infer<typeof exportOptionsSchema>;
