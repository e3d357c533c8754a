"use client";

import { useId, useState } from "react";
import { useDropzone, type FileRejection } from "react-dropzone";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/format";
import { MAX_TEXTURE_BYTES, RECOMMENDED_TEXTURE_PX as PX } from "@/lib/schemas/product-limits";
import { readTexture, rejectionWords, TEXTURE_ACCEPT, TEXTURE_SIZE_LIMIT, type ChosenTexture } from "./texture-file";
import { TextureFindings } from "./texture-findings";

interface TextureDropZoneProps {
  /** What the slot is, in words: "Label artwork". */
  label: string;
  value: ChosenTexture | null;
  onChange(texture: ChosenTexture | null): void;
  /** Told whether the slot shows a refusal of the file last chosen (the form names such slots before creating). */
  onFailed?(failed: boolean): void;
  disabled?: boolean;
}

/** One texture slot's image: drop or click to choose, checked in the browser, with a thumbnail. */
export function TextureDropZone({ label, value, onChange, onFailed, disabled = false }: TextureDropZoneProps) {
  const id = useId();
  const [error, setShownError] = useState<string | null>(null);
  const setError = (message: string | null) => {
    setShownError(message);
    onFailed?.(message !== null);
  };
  const [reading, setReading] = useState(false);

  async function onDrop(accepted: File[], rejected: FileRejection[]) {
    if (rejected.length > 0) {
      setError(
        rejectionWords(
          rejected[0].file,
          rejected[0].errors.map((e) => String(e.code)),
        ),
      );
      return;
    }
    const file = accepted[0];
    if (!file) return;
    setReading(true);
    try {
      const texture = await readTexture(file);
      if (value) URL.revokeObjectURL(value.previewUrl);
      setError(null);
      onChange(texture);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "This file cannot be used.");
    } finally {
      setReading(false);
    }
  }

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (a, r) => void onDrop(a, r),
    accept: TEXTURE_ACCEPT,
    maxSize: MAX_TEXTURE_BYTES,
    multiple: false,
    disabled,
    useFsAccessApi: false,
  });

  function remove() {
    if (value) URL.revokeObjectURL(value.previewUrl);
    setError(null);
    onChange(null);
  }

  return (
    <div className="space-y-2">
      {/* Outside the drop zone's button: a control inside a button is lost to screen readers. */}
      <input {...getInputProps({ "aria-label": `${label} image file` })} />
      <div
        {...getRootProps({
          role: "button",
          "aria-label": `${value ? "Replace" : "Choose"} the image for ${label}`,
          "aria-describedby": `${id}-info`,
        })}
        className={`flex min-h-24 cursor-pointer items-center gap-4 rounded-lg border-2 border-dashed p-3 text-sm transition-colors ${
          isDragActive ? "border-brand-600 bg-brand-50" : "border-zinc-300 bg-zinc-50 hover:border-zinc-400"
        } ${disabled ? "cursor-not-allowed opacity-60" : ""}`}
      >
        {value ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local object URL, not an optimisable asset
          <img
            src={value.previewUrl}
            alt=""
            className="size-16 shrink-0 rounded-md border border-zinc-200 bg-white object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-16 shrink-0 items-center justify-center rounded-md bg-white text-2xl text-zinc-400 ring-1 ring-zinc-200"
          >
            ⬆
          </span>
        )}
        <span id={`${id}-info`} className="min-w-0 space-y-0.5">
          {value ? (
            <>
              <span className="block truncate font-medium text-zinc-900">{value.file.name}</span>
              <span className="block text-zinc-600">
                {value.width}×{value.height} px · {formatBytes(value.file.size)}
              </span>
              {/* A touch screen has nothing to drop and no click: it taps. */}
              <span className="block text-xs text-zinc-500 pointer-coarse:hidden">
                Click or drop another image to replace it
              </span>
              <span className="hidden text-xs text-zinc-500 pointer-coarse:block">Tap to choose another image</span>
            </>
          ) : (
            <>
              <span className="block font-medium text-zinc-800">
                {reading ? (
                  "Reading the image…"
                ) : isDragActive ? (
                  "Drop the image here"
                ) : (
                  <>
                    <span className="pointer-coarse:hidden">Drop an image here, or click to choose</span>
                    <span className="hidden pointer-coarse:inline">Tap to choose an image</span>
                  </>
                )}
              </span>
              <span className="block text-xs text-zinc-500">
                PNG, JPEG or WebP, up to {TEXTURE_SIZE_LIMIT}, ideally {PX}×{PX} px or larger
              </span>
            </>
          )}
        </span>
      </div>
      {value && (
        <Button type="button" variant="ghost" onClick={remove} disabled={disabled} className="px-2 py-1 text-xs">
          Remove image<span className="sr-only"> for {label}</span>
        </Button>
      )}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <TextureFindings file={value?.file ?? null} label={label} />
    </div>
  );
}
