"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useLoraTemplates } from "@/hooks/use-templates";
import { TemplateCard } from "./template-card";

const SEARCH_FROM = 7;

interface TemplatePickerProps {
  value: string | null;
  onChange(templateId: string): void;
  error?: string;
  disabled?: boolean;
}

/** The templates that support LoRA training, as a radio group of cards; searchable when there are many. */
export function TemplatePicker({ value, onChange, error, disabled }: TemplatePickerProps) {
  const templates = useLoraTemplates();
  const [search, setSearch] = useState("");
  const all = templates.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? all.filter((t) => t.name.toLowerCase().includes(needle)) : all;
  const chosen = all.find((t) => t.id === value);

  return (
    <fieldset className="space-y-3" aria-describedby={error ? "template-hint template-error" : "template-hint"}>
      <legend className="text-base font-semibold text-zinc-900">1. Template</legend>
      <p id="template-hint" className="text-sm text-zinc-600">
        The kind of product. Only templates that support LoRA training are offered.
      </p>
      {templates.isPending && (
        <div role="status" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          <span className="sr-only">Loading templates…</span>
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} aria-hidden="true" className="aspect-[4/3.6] animate-pulse rounded-lg bg-zinc-200" />
          ))}
        </div>
      )}
      {templates.isError && (
        <div role="alert" className="space-y-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>The templates could not be loaded: {templates.error.message}</p>
          <Button type="button" variant="secondary" onClick={() => void templates.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {templates.isSuccess && all.length === 0 && (
        <p className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700">
          No template supports LoRA training right now, so no product can be created. Ask the service administrator.
        </p>
      )}
      {all.length >= SEARCH_FROM && (
        <div className="max-w-sm">
          <Field
            label="Search templates"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </div>
      )}
      {all.length > 0 && (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {shown.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              checked={template.id === value}
              onSelect={() => onChange(template.id)}
              disabled={disabled}
            />
          ))}
        </div>
      )}
      {needle && shown.length === 0 && all.length > 0 && (
        <p className="text-sm text-zinc-600">No template matches “{search.trim()}”.</p>
      )}
      {chosen && needle && !shown.includes(chosen) && (
        <p className="text-sm text-zinc-600">Chosen: {chosen.name} (hidden by the search)</p>
      )}
      {error && (
        <p id="template-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
