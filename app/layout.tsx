import type { Metadata, Viewport } from "next";
import { Providers } from "@/components/providers";
import { inter } from "./fonts";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Product Studio", template: "%s · Product Studio" },
  description: "Turn your products into AI-generated product shots, and review them.",
};

// Every page carries its own CSP nonce (proxy.ts), which a prerendered page could not.
export const dynamic = "force-dynamic";

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-dvh bg-zinc-50 font-sans text-zinc-900 antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
