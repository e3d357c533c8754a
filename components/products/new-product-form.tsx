"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { TemplatePicker } from "@/components/templates/template-picker";
import { CustomTextureSlots, type CustomSlotRow } from "@/components/textures/custom-texture-slots";
import { SetFindings } from "@/components/textures/set-findings";
import { TEXTURE_ADVICE, type ChosenTexture } from "@/components/textures/texture-file";
import { TextureSlots } from "@/components/textures/texture-slots";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { useLoraStartOnce } from "@/hooks/use-lora";
import { useCreateProduct } from "@/hooks/use-products";
import { useTextureSetFindings } from "@/hooks/use-texture-advice";
import { useLoraTemplates } from "@/hooks/use-templates";
import { MAX_PRODUCT_NAME } from "@/lib/schemas/product-limits";
import { checkDraft, missingSlots, missingWords, namedTextures, type NewProductProblems } from "./new-product-checks";
import { CreateButtons } from "./create-buttons";
import { MissingTexturesDialog } from "./missing-textures-dialog";
import { UploadProgress } from "./upload-progress";

/**
 * Template → product name → textures → "Create and train" (or "Create only"), then the product page. Everything chosen
 * lives in this component's state, so an error (the service's, or a cancelled upload) loses nothing.
 */
export function NewProductForm() {
  const router = useRouter();
  const toast = useToast();
  const templates = useLoraTemplates();
  const create = useCreateProduct();
  const startLora = useLoraStartOnce();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<Record<string, ChosenTexture | null>>({});
  const [rows, setRows] = useState<CustomSlotRow[]>([{ id: 1, key: "", texture: null }]);
  const [problems, setProblems] = useState<NewProductProblems>({});
  // Slots showing a refusal of the file last chosen (by slot key, or `row-<id>` for custom slots).
  const [failed, setFailed] = useState<Record<string, boolean>>({});
  // Empty or refused slots: the person is asked before the product is made without them.
  const [asking, setAsking] = useState<{ words: string; train: boolean } | null>(null);
  const noteFailed = (key: string, isFailed: boolean) =>
    setFailed((all) => (all[key] === isFailed ? all : { ...all, [key]: isFailed }));

  const template = templates.data?.find((t) => t.id === templateId) ?? null;
  const queryClient = useQueryClient();
  const [finishingChecks, setFinishingChecks] = useState(false);
  const busy = finishingChecks || create.isPending || create.isSuccess;
  // Warnings never block: the button only says the person goes ahead knowing them.
  const advice = useTextureSetFindings(namedTextures({ template, chosen, rows }));

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // "Create and train" (the main button, and Enter) also starts the LoRA; "Create only" does not.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const train = submitter?.getAttribute("value") !== "create-only";
    const draft = checkDraft({ template, name, chosen, rows });
    setProblems(draft.problems);
    if (!draft.ok || !template) return;
    const { missing, total } = missingSlots({ template, chosen, rows }, failed);
    if (missing.length > 0) return setAsking({ words: missingWords(missing, total), train });
    void createNow(train);
  }

  /** Sends the checked draft; `train` goes on to start its LoRA. */
  async function createNow(train: boolean) {
    const draft = checkDraft({ template, name, chosen, rows });
    if (!draft.ok || !template) return;
    // The texture checks still running hold the person's upload slots: the product waits the
    // second or two they take, rather than being refused for "uploads in progress".
    setFinishingChecks(true);
    await textureChecksSettled(queryClient);
    setFinishingChecks(false);
    create.mutate(
      { template_id: template.id, name: draft.name, textures: draft.textures },
      {
        onSuccess: async (product) => {
          const name = product.name ?? draft.name;
          const page = `/products/${encodeURIComponent(product.id)}`;
          if (!train) {
            toast.show(`“${name}” was created. Next: train its LoRA.`, "success");
            return router.push(page);
          }
          // Once: the product page offers "Generate LoRA" again (with its waiting-out of the
          // service's start limit) if this start is refused.
          const started = await startLora(product.id).then(
            () => true,
            (error: Error) => {
              toast.show(`“${name}” was created, but its training did not start: ${error.message}`, "error");
              return false;
            },
          );
          if (started) toast.show(`“${name}” was created and its LoRA training started.`, "success");
          router.push(page);
        },
      },
    );
  }

  const problemList = [
    problems.template,
    problems.name,
    problems.textures,
    problems.keys && "Check the texture keys.",
  ].filter(Boolean);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-8">
      <TemplatePicker
        value={templateId}
        onChange={(id) => {
          setTemplateId(id);
          setProblems((p) => ({ ...p, template: undefined }));
        }}
        error={problems.template}
        disabled={busy}
      />

      <section aria-labelledby="name-heading" className="max-w-md space-y-2">
        <h2 id="name-heading" className="text-base font-semibold text-zinc-900">
          2. Name
        </h2>
        <Field
          label="Product name"
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={MAX_PRODUCT_NAME}
          hint="How your team will recognise it, e.g. “Summer lemonade 330 ml”."
          error={problems.name}
          disabled={busy}
          required
        />
      </section>

      <section aria-labelledby="textures-heading" className="space-y-3">
        <h2 id="textures-heading" className="text-base font-semibold text-zinc-900">
          3. Textures
        </h2>
        <p className="max-w-prose text-sm text-zinc-600">
          The images the LoRA learns your product from. Add an image to each slot you can; at least one is needed.{" "}
          {TEXTURE_ADVICE}
        </p>
        {!template && (
          <p className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700">
            Choose a template first: it says which textures are needed.
          </p>
        )}
        {template && template.texture_slots.length > 0 && (
          <TextureSlots
            slots={template.texture_slots}
            chosen={chosen}
            onChoose={(key, texture) => setChosen((all) => ({ ...all, [key]: texture }))}
            onFailed={noteFailed}
            disabled={busy}
          />
        )}
        {template && template.texture_slots.length === 0 && (
          <CustomTextureSlots
            rows={rows}
            onChange={setRows}
            keyErrors={problems.keys}
            onFailed={noteFailed}
            disabled={busy}
          />
        )}
        {problems.textures && <p className="text-sm text-red-700">{problems.textures}</p>}
      </section>

      <div className="space-y-4 border-t border-zinc-200 pt-6">
        {problemList.length > 0 && (
          <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            <p className="font-medium">Check the form:</p>
            <ul className="list-disc pl-5">
              {problemList.map((p) => (
                <li key={String(p)}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        {create.isError && (
          <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            <p className="font-medium">
              {create.error.status === 0 ? create.error.message : "The product was not created. The service said:"}
            </p>
            {create.error.status !== 0 && <p>{create.error.message}</p>}
            <p className="mt-1 text-red-700">
              Your template, name and images are still here; fix what is needed and try again.
            </p>
          </div>
        )}
        <SetFindings findings={advice.set} />
        {create.progress && <UploadProgress progress={create.progress} onCancel={create.cancel} />}
        <CreateButtons
          busy={busy}
          state={finishingChecks || create.isPending ? "creating" : create.isSuccess ? "opening" : "ready"}
          warns={advice.warns}
        />
      </div>
      {asking && (
        <MissingTexturesDialog
          words={asking.words}
          train={asking.train}
          onConfirm={() => void createNow(asking.train)}
          onClose={() => setAsking(null)}
        />
      )}
    </form>
  );
}

/** Resolves once no texture check is in flight (at most 60 s: a check that hangs never blocks the product). */
async function textureChecksSettled(queryClient: QueryClient): Promise<void> {
  for (let waited = 0; waited < 60_000 && queryClient.isFetching({ queryKey: ["texture-check"] }) > 0; waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
