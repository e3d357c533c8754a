import { Button } from "@/components/ui/button";
import type { UploadProgress as Progress } from "@/hooks/use-products";
import { formatBytes } from "@/lib/format";

/** The upload's real progress: the percent of bytes the browser has sent. */
export function UploadProgress({ progress, onCancel }: { progress: Progress; onCancel(): void }) {
  const percent = progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const sent = progress.total > 0 && progress.sent >= progress.total;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p id="upload-label" className="font-medium text-zinc-800">
          {sent ? "Sent. The service is creating the product…" : `Uploading the textures… ${percent}%`}
        </p>
        {progress.total > 0 && (
          <p className="text-zinc-500 tabular-nums">
            {formatBytes(progress.sent)} of {formatBytes(progress.total)}
          </p>
        )}
      </div>
      <div
        role="progressbar"
        aria-labelledby="upload-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={sent ? "All sent; waiting for the service" : `${percent}% sent`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-zinc-200"
      >
        <div
          className={`h-full rounded-full bg-brand-600 transition-[width] ${sent ? "motion-safe:animate-pulse" : ""}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      {!sent && (
        <Button type="button" variant="ghost" className="px-2 py-1 text-xs" onClick={onCancel}>
          Cancel upload
        </Button>
      )}
    </div>
  );
}
