import Link from "next/link";
import type { ServiceAccountView } from "@/lib/api-types";
import { ServiceAccountForm } from "./service-account-form";

/** The Users page's service accounts: other systems that act through API keys and never sign in. */
export function ServiceAccountList({ accounts }: { accounts: ServiceAccountView[] }) {
  return (
    <section
      aria-labelledby="service-accounts"
      className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 sm:p-6"
    >
      <div className="space-y-1">
        <h2 id="service-accounts" className="text-lg font-semibold">
          Service accounts
        </h2>
        <p className="text-sm text-zinc-600">
          For a system such as a PIM or a DAM that uses Product Studio through its API: it has API keys instead of a
          password, so no person&apos;s account is needed and nobody can sign in as it.
        </p>
      </div>
      <ServiceAccountForm />
      {accounts.length > 0 && (
        <ul aria-labelledby="service-accounts" className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
          {accounts.map((account) => (
            <li key={account.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-zinc-900">{account.name}</p>
                <p className="text-zinc-600">
                  Role {account.role} · {account.active_keys} {account.active_keys === 1 ? "key" : "keys"} in use
                </p>
              </div>
              <Link
                prefetch={false}
                href={`/users/service-accounts/${encodeURIComponent(account.id)}`}
                className="inline-flex min-h-11 items-center rounded-md border border-zinc-300 px-3 font-medium text-zinc-800 hover:bg-zinc-100"
                aria-label={`Keys of ${account.name}`}
              >
                Keys
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
