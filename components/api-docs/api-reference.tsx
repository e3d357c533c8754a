"use client";
import dynamic from "next/dynamic";

// Scalar's reference is large (its own Vue app and styles): loaded on /docs/api alone, in the
// browser only (it measures the window), with words while it arrives.
const ScalarReference = dynamic(() => import("./scalar-reference"), {
  ssr: false,
  loading: () => <p className="px-4 py-8 text-sm text-zinc-600">Loading the API reference…</p>,
});

export function ApiReference() {
  return <ScalarReference />;
}
