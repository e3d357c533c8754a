import { PageHeader } from "@/components/ui/page-header";
import { DeviceNotificationsSwitch } from "@/components/notify/device-notifications";
import { EmailSettingsForm } from "@/components/notify/email-settings-form";
import { requirePageUser } from "@/lib/auth/page-user";
import { mySettings } from "@/lib/studio/notify";

export const metadata = { title: "Settings" };

// Read on the server: the form opens filled in, with no "Loading" in between.
export default async function SettingsPage() {
  const settings = await mySettings(await requirePageUser("/settings"));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Settings"
        description={
          <>
            Trainings take 10 to 30 minutes and shots a minute or more: Product Studio keeps watching after you close
            the tab and tells you when they are done.
          </>
        }
      />
      <EmailSettingsForm initial={settings} />
      <DeviceNotificationsSwitch />
    </div>
  );
}
