/**
 * What a page shows when a part it needs is away (the database, mid-restart): what happened,
 * that nothing is lost, and how to go on. Drawn on the server; "Try again" is a plain link.
 */
export function Unavailable({ message, retryHref }: { message: string; retryHref: string }) {
  return (
    <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-16 sm:px-6">
      <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-950">
        <h1 className="text-xl font-semibold">Product Studio cannot open this page right now</h1>
        <p>{message}</p>
        <p>
          <a
            href={retryHref}
            className="inline-flex min-h-11 items-center rounded-md bg-zinc-900 px-4 font-medium text-white"
          >
            Try again
          </a>
        </p>
      </div>
    </main>
  );
}
