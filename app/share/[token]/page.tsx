import { formatDateTime } from "@/lib/format";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SharedGrid } from "@/components/share/shared-grid";
import { VisitorNameForm } from "@/components/share/visitor-name-form";
import { isAppError } from "@/lib/errors";
import { sharedGallery, type SharedGallery } from "@/lib/studio/shared-gallery";
import { imageCountWords, imagesIn } from "@/lib/image-count";

// The public page of a share link: no session, no navigation, nothing but the view's images.
// Outside the (studio) group on purpose; the proxy lets /share through without a cookie.

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Shared images",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function SharePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let gallery: SharedGallery;
  try {
    gallery = await sharedGallery(token);
  } catch (error) {
    if (isAppError(error) && error.status === 404) notFound();
    throw error;
  }
  const title = gallery.title ?? "Shared product shots";
  return (
    <main id="main" className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-zinc-600">
          {imageCountWords(imagesIn(gallery.items))} · link valid until{" "}
          <time dateTime={gallery.expires_at}>
            {formatDateTime(new Date(gallery.expires_at), { locale: "en-US", timeZone: "UTC" })} UTC
          </time>
        </p>
        {gallery.sign_off && gallery.items.length > 0 && (
          <p className="text-sm text-zinc-700">
            Approve the images you like, or leave a comment: the team sees them with your name.
          </p>
        )}
      </header>
      {gallery.items.length === 0 ? (
        <p className="rounded-md border border-zinc-200 bg-white p-6 text-zinc-600">
          The shots of this link are no longer available.
        </p>
      ) : (
        <>
          {gallery.sign_off && <VisitorNameForm />}
          <SharedGrid items={gallery.items} token={token} signOff={gallery.sign_off} />
        </>
      )}
    </main>
  );
}
