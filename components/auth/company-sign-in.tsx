import { buttonClass } from "@/components/ui/button";

/**
 * The company sign-in button: a plain link to the route that sends the person to their identity
 * provider (a full navigation, no script), and why the last attempt did not go through.
 */
export function CompanySignIn({ name, next, refusal }: { name: string; next: string; refusal: string | null }) {
  const href = `/api/session/sso${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`;
  return (
    <div className="mt-6 space-y-4">
      {refusal && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <a href={href} className={buttonClass("primary", "w-full")}>
        {name}
      </a>
      <p className="flex items-center gap-3 text-xs text-zinc-600 before:h-px before:flex-1 before:bg-zinc-200 after:h-px after:flex-1 after:bg-zinc-200">
        or with your email and password
      </p>
    </div>
  );
}
