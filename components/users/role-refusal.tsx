/** What a page shows a person whose role does not allow it (the API refuses them too). */
export function RoleRefusal({ title, role, what }: { title: string; role: string; what: string }) {
  return (
    <div className="max-w-xl space-y-2">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-zinc-700">
        Your role ({role}) does not allow {what}. Ask an admin if you need it.
      </p>
    </div>
  );
}
