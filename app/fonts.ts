import localFont from "next/font/local";

// Self-hosted (next/font/google needs the network at build time), and cut to what the app draws:
// scripts/subset-font.ts makes the file from @fontsource-variable/inter.
export const inter = localFont({
  src: "./inter-subset.woff2",
  variable: "--font-inter",
  display: "swap",
  weight: "400 700",
});
