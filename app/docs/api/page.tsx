import Link from "next/link";
import { ApiReference } from "@/components/api-docs/api-reference";

// /docs/api: the API reference for the people who connect other systems to the studio. Open
// without a session, like the document it shows (GET /api/openapi.json): it describes the
// routes, never anyone's data, and an integrator may hold only an API key.

export const metadata = { title: "API reference" };

export default function ApiReferencePage() {
  return (
    <main>
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-200 bg-white px-4 py-3">
        <h1 className="text-base font-semibold">Product Studio API reference</h1>
        <nav aria-label="API reference" className="flex gap-4 text-sm">
          <a className="text-zinc-700 underline" href="/api/openapi.json">
            OpenAPI document (JSON)
          </a>
          <Link className="text-zinc-700 underline" href="/">
            Back to the studio
          </Link>
        </nav>
      </header>
      <ApiReference />
    </main>
  );
}
