"use client";
import Script from "next/script";
import { useEffect, useRef } from "react";
import "./scalar-contrast.css";

// Scalar's reference, from its self-contained script (GET /docs/api/scalar.js), loaded on this
// page alone; with words while it arrives.

interface ScalarReference {
  destroy(): void;
}

declare global {
  interface Window {
    Scalar?: { createApiReference(mount: HTMLElement, configuration: object): ScalarReference };
  }
}

// Everything from this origin: Scalar's own fonts, telemetry, request proxy, AI chat and MCP
// links would each call scalar.com.
const CONFIGURATION = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  mcp: { disabled: true },
  agent: { disabled: true },
  hideClientButton: true,
  documentDownloadType: "json",
  showDeveloperTools: "never",
  hideDarkModeToggle: true,
  forceDarkModeState: "light",
  operationTitleSource: "summary",
  customCss: ".scalar-app { --scalar-font: var(--font-inter), system-ui, sans-serif; }",
};

export function ApiReference() {
  const mount = useRef<HTMLDivElement>(null);
  const reference = useRef<ScalarReference | null>(null);

  useEffect(() => () => reference.current?.destroy(), []);

  const show = () => {
    if (!mount.current || !window.Scalar || reference.current) return;
    mount.current.replaceChildren();
    reference.current = window.Scalar.createApiReference(mount.current, CONFIGURATION);
  };

  return (
    <>
      <div ref={mount}>
        <p className="px-4 py-8 text-sm text-zinc-600">Loading the API reference…</p>
      </div>
      <Script src="/docs/api/scalar.js" strategy="afterInteractive" onReady={show} />
    </>
  );
}
