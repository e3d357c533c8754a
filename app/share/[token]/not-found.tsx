// Unknown, expired and revoked links look the same: nothing tells a stranger which it was.
export default function ShareNotFound() {
  return (
    <main id="main" className="mx-auto max-w-xl space-y-2 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">This link does not work any more</h1>
      <p className="text-zinc-600">It has expired or was revoked. Ask the person who sent it for a new one.</p>
    </main>
  );
}
