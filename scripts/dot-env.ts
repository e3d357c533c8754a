import { existsSync } from "node:fs";
import path from "node:path";

/** `.env.local`, then `.env`, into process.env (what is already set wins), as `npm start` reads them. */
export function loadDotEnv(root: string): void {
  for (const file of [".env.local", ".env"]) {
    const full = path.join(root, file);
    if (existsSync(full)) process.loadEnvFile(full);
  }
}
