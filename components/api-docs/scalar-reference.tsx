"use client";
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import "./scalar-contrast.css";

// Everything from this origin: the page's CSP allows no other, and the network may be closed.
// Scalar's own fonts, telemetry, request proxy, AI chat and MCP links would each call scalar.com.
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
} as const;

export default function ScalarReference() {
  return <ApiReferenceReact configuration={CONFIGURATION} />;
}
