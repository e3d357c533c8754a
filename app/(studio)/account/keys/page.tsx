import { ApiKeyForm } from "@/components/keys/api-key-form";
import { ApiKeyList } from "@/components/keys/api-key-list";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/page-user";
import { ownApiKeys } from "@/lib/studio/api-keys";

export const metadata = { title: "API keys" };

// The person's own keys, for a script or another system (a PIM, a DAM) to act as them. The list is
// read on the server; the form and each key's Revoke run in the browser.
export default async function ApiKeysPage() {
  const user = await requirePageUser("/account/keys");
  const keys = await ownApiKeys(user);
  return (
    <div className="space-y-6">
      <PageHeader
        title="API keys"
        description={
          <>
            A key lets another system or a script use Product Studio as you, with the role you give it (at most yours,{" "}
            {user.role}). It stops working when it expires, when you revoke it, or if your account is turned off.
            Everything it changes shows on the Activity page with the key&apos;s name.
          </>
        }
      />
      <ApiKeyForm endpoint="/api/keys" ceiling={user.role} />
      <ApiKeyList keys={keys} title="Your keys" />
    </div>
  );
}
