// Chromium's flags for this machine's closed network, shared by the journeys (playwright.config.ts)
// and the Lighthouse bench: no sandbox (root), no GPU, and none of the background calls out that a
// closed network refuses many times a second.
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
