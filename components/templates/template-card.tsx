import { FallbackImg } from "@/components/ui/fallback-img";
import type { Template } from "@/lib/types";

interface TemplateCardProps {
  template: Template;
  checked: boolean;
  onSelect(): void;
  disabled?: boolean;
}

/** One template as a radio choice: a real radio button, its name and its preview image. */
export function TemplateCard({ template, checked, onSelect, disabled }: TemplateCardProps) {
  return (
    <label
      className={`flex cursor-pointer flex-col overflow-hidden rounded-lg border bg-white transition-shadow has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600 ${
        checked ? "border-brand-600 ring-2 ring-brand-600" : "border-zinc-200 hover:border-zinc-400 hover:shadow-sm"
      } ${disabled ? "cursor-not-allowed" : ""}`}
    >
      {template.preview_url ? (
        // Previews live on the service's asset host.
        <FallbackImg
          src={template.preview_url}
          alt=""
          label={`preview of ${template.name}`}
          loading="lazy"
          className={`aspect-[4/3] w-full bg-zinc-100 object-cover ${disabled ? "opacity-60" : ""}`}
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex aspect-[4/3] w-full items-center justify-center bg-zinc-100 text-xs text-zinc-700"
        >
          No preview
        </span>
      )}
      {/* Only the picture fades while disabled: dimmed words would fall below the contrast people need to read them. */}
      <span
        className={`flex items-center gap-2 px-3 py-2 text-sm font-medium ${disabled ? "text-zinc-700" : "text-zinc-900"}`}
      >
        <input
          type="radio"
          name="template"
          value={template.id}
          checked={checked}
          onChange={onSelect}
          disabled={disabled}
          className="size-4 shrink-0 accent-brand-600"
        />
        <span className="min-w-0 break-words">{template.name}</span>
      </span>
    </label>
  );
}
