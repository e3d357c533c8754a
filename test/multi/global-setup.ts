// The two-instance tests start their own servers; they need only a current build.
import path from "node:path";
import { buildIfStale } from "../../scripts/build-state";

export default function setup() {
  if (buildIfStale(path.resolve(__dirname, "..", "..")) !== 0) throw new Error("next build failed");
}
