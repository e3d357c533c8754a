"use client";

import Link from "next/link";
import { useEffect } from "react";
import { LoraPanel } from "@/components/lora/lora-panel";
import { resultWords } from "@/components/lora/start-lora";
import { useReadyNotice } from "@/components/lora/use-ready-notice";
import { GenerateForm } from "@/components/predictions/generate-form";
import { ProductPredictions } from "@/components/predictions/product-predictions";
import { Button, buttonClass } from "@/components/ui/button";
import { ApiError } from "@/hooks/api-fetch";
import { useStartLora } from "@/hooks/use-lora";
import { useProduct } from "@/hooks/use-products";
import { NewVersionForm } from "./new-version-form";
import { ProductCare } from "./product-care";
import { ProductSummary } from "./product-summary";

/** The product page: its LoRA progress until ready, then the generation area. */
export function ProductDetail({ productId, canCreate }: { productId: string; canCreate: boolean }) {
  const start = useStartLora(productId);
  const answered = start.state.kind === "started" ? resultWords(start.state.result) : null;
  // A start answered "in progress" may come before the product shows its start time; poll anyway.
  const query = useProduct(productId, { poll: answered !== null });
  useReadyNotice(query.data);
  const name = query.data?.name;
  useEffect(() => {
    // The server knows no product name for the title (it asks the service only in the browser's queries).
    if (name && !document.title.startsWith("✓")) document.title = `${name} · Product Studio`;
  }, [name]);

  if (query.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading the product…</span>
        <div aria-hidden="true" className="h-8 w-64 animate-pulse rounded bg-zinc-200" />
        <div aria-hidden="true" className="h-4 w-96 max-w-full animate-pulse rounded bg-zinc-200" />
        <div aria-hidden="true" className="h-48 w-full animate-pulse rounded-xl bg-zinc-200" />
      </div>
    );
  }
  if (query.isError) return <ProductError error={query.error} onRetry={() => void query.refetch()} />;

  const product = query.data;
  return (
    <div className="space-y-8">
      <ProductSummary product={product} />
      {/* Renaming, archiving and new versions are the registry's: only for products the app made. */}
      {canCreate && product.created_at !== null && (
        <>
          <ProductCare key={product.id} product={product} />
          <NewVersionForm key={`version-${product.id}`} product={product} />
        </>
      )}
      {product.lora_enabled === 1 ? (
        <div className="space-y-8">
          {canCreate ? (
            <GenerateForm product={product} />
          ) : (
            <p className="text-sm text-zinc-600">
              The LoRA is ready. Your role can view product shots but not generate them.
            </p>
          )}
          <ProductPredictions productId={product.id} />
        </div>
      ) : (
        <LoraPanel
          product={product}
          start={start}
          runningElsewhere={answered !== null && !answered.ready}
          canCreate={canCreate}
          onCheckAgain={() => void query.refetch()}
          checking={query.isFetching}
        />
      )}
    </div>
  );
}

function ProductError({ error, onRetry }: { error: Error; onRetry(): void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 sm:p-6">
      <h1 className="text-lg font-semibold">{notFound ? "Product not found" : "The product could not be loaded"}</h1>
      <p>
        {notFound
          ? "The service does not know this product. It may have been deleted, or the link is wrong."
          : error.message}
      </p>
      <div className="flex flex-wrap gap-3">
        {!notFound && (
          <Button type="button" variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Link href="/" className={buttonClass("secondary")}>
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
