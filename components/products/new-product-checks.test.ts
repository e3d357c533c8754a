import { describe, expect, it } from "vitest";
import type { ChosenTexture } from "@/components/textures/texture-file";
import { createProductFieldsSchema, MAX_PRODUCT_NAME } from "@/lib/schemas/product";
import type { Template } from "@/lib/types";
import { checkDraft, missingSlots, missingWords } from "./new-product-checks";

const file = (name: string): ChosenTexture => ({
  file: new File(["x"], name),
  previewUrl: "blob:x",
  width: 1024,
  height: 1024,
});
const bottle: Template = {
  id: "1",
  name: "Glass bottle",
  loraScene: "available",
  preview_url: null,
  texture_slots: [
    { key: "label", label: "Label artwork" },
    { key: "cap", label: "Cap material" },
  ],
};
const bare: Template = { ...bottle, id: "9", texture_slots: [] };

describe("checkDraft", () => {
  it("asks for a template, a name and a texture", () => {
    const { problems, ok } = checkDraft({ template: null, name: "  ", chosen: {}, rows: [] });
    expect(ok).toBe(false);
    expect(problems).toEqual({ template: "Choose a template.", name: "Enter a product name." });
    expect(checkDraft({ template: bottle, name: "A", chosen: {}, rows: [] }).problems.textures).toMatch(/at least one/);
  });

  it("refuses a name one character over the handler's limit, in the handler's words", () => {
    const chosen = { label: file("l.png") };
    const longest = "n".repeat(MAX_PRODUCT_NAME);
    expect(checkDraft({ template: bottle, name: longest, chosen, rows: [] }).ok).toBe(true);
    const over = checkDraft({ template: bottle, name: `${longest}n`, chosen, rows: [] });
    const server = createProductFieldsSchema.safeParse({ template_id: "1", name: `${longest}n` });
    expect(over.ok).toBe(false);
    expect(over.problems.name).toBe(server.error?.issues[0].message);
    expect(over.problems.name).toBe(`Keep the name to ${MAX_PRODUCT_NAME} characters or fewer.`);
  });

  it("sends the chosen textures of the template's slots only, by key", () => {
    const draft = checkDraft({
      template: bottle,
      name: " Lemonade ",
      chosen: { label: file("l.png"), other: file("o.png") },
      rows: [],
    });
    expect(draft.ok).toBe(true);
    expect(draft.name).toBe("Lemonade");
    expect(draft.textures.map((t) => t.key)).toEqual(["label"]);
  });

  it("needs a unique key for each custom texture slot with an image", () => {
    const rows = [
      { id: 1, key: "print", texture: file("a.png") },
      { id: 2, key: " print ", texture: file("b.png") },
      { id: 3, key: "", texture: file("c.png") },
      { id: 4, key: "", texture: null },
    ];
    const draft = checkDraft({ template: bare, name: "Mug", chosen: {}, rows });
    expect(draft.problems.keys).toEqual({ 2: "The key “print” is used twice.", 3: "Enter the key of this texture." });
    expect(draft.textures).toEqual([]);
  });
});

describe("missingSlots and missingWords", () => {
  it("name every template slot without an image, saying which were refused", () => {
    const three: Template = { ...bottle, texture_slots: [...bottle.texture_slots, { key: "glass", label: "" }] };
    const { missing, total } = missingSlots(
      { template: three, chosen: { label: file("l.png"), cap: null }, rows: [] },
      { cap: true },
    );
    expect(missing).toEqual([
      { name: "Cap material", failed: true },
      { name: "glass", failed: false },
    ]);
    expect(missingWords(missing, total)).toBe(
      "2 of 3 textures are missing: Cap material (its image could not be used), glass.",
    );
    expect(
      missingSlots({ template: bottle, chosen: { label: file("l.png"), cap: file("c.png") }, rows: [] }, {}).missing,
    ).toEqual([]);
  });

  it("for custom slots, count the rows a key or an image was given for", () => {
    const rows = [
      { id: 1, key: "front", texture: file("f.png") },
      { id: 2, key: "back", texture: null },
      { id: 3, key: "", texture: null },
    ];
    const { missing, total } = missingSlots({ template: bare, chosen: {}, rows }, { "row-3": true });
    expect(missing).toEqual([
      { name: "back", failed: false },
      { name: "texture slot 3", failed: true },
    ]);
    expect(missingWords(missing, total)).toBe(
      "2 of 3 textures are missing: back, texture slot 3 (its image could not be used).",
    );
    expect(missingWords([{ name: "Cap material", failed: false }], 2)).toBe(
      "1 of 2 textures is missing: Cap material.",
    );
  });
});
