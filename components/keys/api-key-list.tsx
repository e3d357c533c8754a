import { LocalDateTime } from "@/components/ui/local-date-time";
import type { ApiKeyView } from "@/lib/api-types";
import { RevokeKeyButton } from "./revoke-key-button";

/** The keys of one account, drawn on the server: what each may do, until when, and when it was last used. */
export function ApiKeyList({ keys, title = "Keys" }: { keys: ApiKeyView[]; title?: string }) {
  return (
    <section aria-labelledby="api-key-list" className="space-y-2">
      <h2 id="api-key-list" className="text-lg font-semibold">
        {title}
      </h2>
      {keys.length === 0 ? (
        <p className="text-sm text-zinc-600">No keys yet.</p>
      ) : (
        <ul
          aria-labelledby="api-key-list"
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white"
        >
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="min-w-0 flex-1 space-y-0.5">
                <p className="font-medium text-zinc-900">
                  {key.name} <span className="font-mono text-zinc-500">{key.hint}</span>
                </p>
                <p className="text-zinc-600">
                  Role {key.role} ·{" "}
                  {key.expired ? (
                    <span className="text-red-700">
                      Expired <LocalDateTime value={key.expires_at} />
                    </span>
                  ) : (
                    <>
                      Expires <LocalDateTime value={key.expires_at} />
                    </>
                  )}{" "}
                  ·{" "}
                  {key.last_used_at ? (
                    <>
                      Last used <LocalDateTime value={key.last_used_at} />
                    </>
                  ) : (
                    "Never used"
                  )}
                </p>
              </div>
              <RevokeKeyButton id={key.id} name={key.name} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
