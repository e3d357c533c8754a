import { redirect } from "next/navigation";
import { CompanySignIn } from "@/components/auth/company-sign-in";
import { SignInForm } from "@/components/auth/sign-in-form";
import { optionalPageUser } from "@/lib/auth/page-user";
import { safeNextPath } from "@/lib/auth/next-path";
import { ssoRefusalWords } from "@/lib/auth/oidc/refusals";
import { oidcSettings } from "@/lib/auth/oidc-settings/settings";

export const metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string; sso?: string }> }) {
  const params = await searchParams;
  const next = safeNextPath(params.next);
  if (await optionalPageUser()) redirect(next);
  const company = oidcSettings();
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight">Sign in to Product Studio</h1>
        <p className="mt-1 text-sm text-zinc-600">Create product shots and review them with your team.</p>
        {company && <CompanySignIn name={company.name} next={next} refusal={ssoRefusalWords(params.sso)} />}
        <SignInForm next={next} />
      </div>
    </main>
  );
}
