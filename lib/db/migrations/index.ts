import type { Migration } from "./migration";
import { migration as m0001 } from "./0001-users-products-predictions";
import { migration as m0002 } from "./0002-reviews";
import { migration as m0003 } from "./0003-shares";
import { migration as m0004 } from "./0004-prompt-presets";
import { migration as m0005 } from "./0005-audit-events";
import { migration as m0010 } from "./0010-sign-in-throttle";
import { migration as m0011 } from "./0011-password-change-required";
import { migration as m0020 } from "./0020-share-prediction-ids";
import { migration as m0030 } from "./0030-prediction-index";
import { migration as m0031 } from "./0031-prediction-index-images";
import { migration as m0040 } from "./0040-product-lora-state";
import { migration as m0050 } from "./0050-product-texture-advice";
import { migration as m0060 } from "./0060-upload-slots";
import { migration as m0090 } from "./0090-notifications";
import { migration as m0100 } from "./0100-review-undo";
import { migration as m0120 } from "./0120-share-sign-off";
import { migration as m0130 } from "./0130-prediction-batches-and-texture-thumbnails";
import { migration as m0140 } from "./0140-campaigns-and-shot-jobs";
import { migration as m0150 } from "./0150-share-read-only-by-default-and-kept-address";
import { migration as m0160 } from "./0160-product-archive-rename-versions";
import { migration as m0170 } from "./0170-company-sign-in";
import { migration as m0180 } from "./0180-api-keys";
import { migration as m0190 } from "./0190-budgets-and-usage";
import { migration as m0200 } from "./0200-events";
import { migration as m0210 } from "./0210-push-subscriptions";
import { migration as m0220 } from "./0220-usage-indexes";
import { migration as m0230 } from "./0230-approval-sums";

// The one schema, one migration per file (NNNN-name.ts, NNNN its id), applied in id order by
// lib/db/migrate.ts. Add a migration as a new file with an id above every shipped one (ids need
// not be consecutive) and list it here; never edit one that has shipped: a database that ran it
// keeps it. TS rather than .sql files so they travel inside the Next server bundle.

export type { Migration };

export const MIGRATIONS: readonly Migration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0010,
  m0011,
  m0020,
  m0030,
  m0031,
  m0040,
  m0050,
  m0060,
  m0090,
  m0100,
  m0120,
  m0130,
  m0140,
  m0150,
  m0160,
  m0170,
  m0180,
  m0190,
  m0200,
  m0210,
  m0220,
  m0230,
];
