import { Button } from "@/components/ui/button";

/**
 * The new-product form's two ways out: "Create and train" (the main one, and what Enter does, being
 * the first submit button) goes on to the LoRA training; "Create only" leaves it for later.
 * `warns`: the texture advisor warned, and the label says the person goes ahead knowing it.
 */
export function CreateButtons({
  busy,
  state,
  warns,
}: {
  busy: boolean;
  state: "ready" | "creating" | "opening";
  warns: boolean;
}) {
  const main =
    state === "creating"
      ? "Creating…"
      : state === "opening"
        ? "Opening the product…"
        : warns
          ? "Create and train anyway"
          : "Create and train";
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <Button type="submit" name="intent" value="create-and-train" disabled={busy} className="w-full sm:w-auto">
        {main}
      </Button>
      <Button
        type="submit"
        name="intent"
        value="create-only"
        variant="secondary"
        disabled={busy}
        className="w-full sm:w-auto"
      >
        Create only
      </Button>
    </div>
  );
}
