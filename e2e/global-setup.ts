import path from "node:path";
import { buildIfStale } from "../scripts/build-state";

// Builds the app once, before the workers start their installations from the same build.
export default function globalSetup() {
  if (buildIfStale(path.resolve(__dirname, "..")) !== 0) throw new Error("next build failed");
}
