// Contract: products (POST /product/, GET /product/{id}) and LoRA generation (section 3 and 4).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createProduct,
  DATE_SHAPE,
  FULL,
  FULL_2,
  fetchImage,
  productForm,
  solidPng,
  startTestService,
  type TestService,
  waitFor,
} from "./test-support";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ loraMs: 500, loraLimit: { max: 2, windowMs: 60_000 } });
});
afterAll(() => svc.dispose());

const post = (path: string, form?: FormData, token = FULL) => call("POST", `${svc.baseUrl}${path}`, { form, token });

describe("products", () => {
  it("creates a product from template_id, name and texture[n] + texture[n][key]", async () => {
    const form = productForm({ template_id: "1", name: "Bottle" }, [
      { key: "label", data: await solidPng("#d01010") },
      { key: "cap", data: await solidPng("#1010d0") },
    ]);
    const created = await post("/product/", form);
    expect(created.status).toBe(201);
    expect(typeof created.body.id).toBe("string");
    expect(created.body).toMatchObject({ name: "Bottle", template_id: 1, lora_enabled: 0 });
    expect(created.body.textures.map((t: { key: string }) => t.key)).toEqual(["label", "cap"]);

    const got = await call("GET", `${svc.baseUrl}/product/${created.body.id}`);
    expect(got.status).toBe(200);
    expect(Object.keys(got.body).sort()).toEqual([
      "date_creation",
      "id",
      "lora_enabled",
      "name",
      "template_id",
      "textures",
    ]);
    expect(got.body.date_creation).toMatch(DATE_SHAPE);
    const texture = await fetchImage(got.body.textures[0].url);
    expect(texture.res.status).toBe(200);
    expect(texture.res.headers.get("content-type")).toBe("image/png");
  });

  it.each([
    ["name", { template_id: "1" }, "name is required"],
    ["template_id", { name: "x" }, "template_id is required"],
  ])("400 without %s", async (_field, fields, message) => {
    const reply = await post("/product/", productForm(fields, [{ key: "label", data: await solidPng("#fff") }]));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: "Bad Request", message });
  });

  it("400 without a texture, without a texture key, and for a texture that is not an image", async () => {
    const none = await post("/product/", productForm({ template_id: "1", name: "x" }, []));
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("Bad Request");
    const noKey = await post(
      "/product/",
      productForm({ template_id: "1", name: "x" }, [{ data: await solidPng("#fff") }]),
    );
    expect(noKey.body).toEqual({ error: "Bad Request", message: "texture[0][key] is required" });
    // Named and typed like a PNG, but the bytes are text: the service checks the bytes.
    const fake = productForm({ template_id: "1", name: "x" }, [
      { key: "label", data: Buffer.from("not an image at all") },
    ]);
    const notImage = await post("/product/", fake);
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toContain("texture[0] is not a supported image");
  });

  it("400 for a repeated texture index: the second part never replaces the first", async () => {
    const form = productForm({ template_id: "1", name: "Twice" }, [{ key: "label", data: await solidPng("#f00") }]);
    form.append("texture[0]", new Blob([new Uint8Array(await solidPng("#00f"))], { type: "image/png" }), "again.png");
    const reply = await post("/product/", form);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: "Bad Request", message: "texture[0] was sent more than once" });
  });

  it("404 for an unknown template and for an unknown product", async () => {
    const form = productForm({ template_id: "4242", name: "x" }, [{ key: "label", data: await solidPng("#fff") }]);
    expect((await post("/product/", form)).body).toEqual({
      error: "Not Found",
      message: "Template with ID 4242 does not exist",
    });
    const missing = await call("GET", `${svc.baseUrl}/product/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Not Found", message: "Product with ID nope does not exist" });
  });

  it("400 for a malformed multipart body, never 500", async () => {
    const res = await fetch(`${svc.baseUrl}/product/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${FULL}`, "Content-Type": "multipart/form-data; boundary=XYZ" },
      body: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf a part',
    });
    expect(res.status).toBe(400);
    const noBoundary = await fetch(`${svc.baseUrl}/product/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${FULL}`, "Content-Type": "multipart/form-data" },
      body: "x",
    });
    expect(noBoundary.status).toBe(400);
  });
});

describe("LoRA generation", () => {
  it("moves through all three results and lora_enabled 0 → 1, stages in order", async () => {
    const id = await createProduct(svc, "1");
    expect((await call("GET", `${svc.baseUrl}/product/${id}`)).body.lora_enabled).toBe(0);
    expect((await post(`/product/${id}/generate-lora`)).body).toEqual({ result: "LoRA creation in progress" });
    expect((await post(`/product/${id}/generate-lora`)).body).toEqual({ result: "LoRA creation already in progress" });
    expect((await call("GET", `${svc.baseUrl}/product/${id}`)).body.lora_enabled).toBe(0);

    const seen: number[] = [];
    await waitFor(async () => {
      const progress = (await call("GET", `${svc.controlUrl}/lora/${id}`)).body;
      seen.push(progress.stageIndex);
      return progress.stage === "completed";
    });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect((await call("GET", `${svc.baseUrl}/product/${id}`)).body.lora_enabled).toBe(1);
    expect((await post(`/product/${id}/generate-lora`)).body).toEqual({ result: "LoRA already created" });

    // The log names each of the five stages of section 3, in order.
    const stages = svc.logs
      .filter((line) => line.startsWith(`lora ${id}:`))
      .map((line) => line.replace(`lora ${id}: `, ""));
    expect(stages).toEqual([
      "stage 1/5: data preparation",
      "stage 2/5: rendering of multiple angles and lighting conditions",
      "stage 3/5: model training",
      "stage 4/5: validation",
      "stage 5/5: deployment",
      "completed, lora_enabled = 1",
    ]);
  });

  it.each(["8", "9"])("400 for a product of template %s, which lacks LoRA support", async (templateId) => {
    const id = await createProduct(svc, templateId);
    const reply = await post(`/product/${id}/generate-lora`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: "Bad Request", message: "LoRA generation not available for this template" });
  });

  it("404 for an unknown product", async () => {
    const reply = await post("/product/missing-id/generate-lora");
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: "Not Found", message: "Product with ID missing-id does not exist" });
  });

  it("429 with Retry-After past the start limit; only real starts count, per token", async () => {
    const ids = await Promise.all([1, 2, 3].map(() => createProduct(svc, "2")));
    expect((await post(`/product/${ids[0]}/generate-lora`, undefined, FULL_2)).body.result).toBe(
      "LoRA creation in progress",
    );
    // "already in progress" is not a start and does not use up the limit.
    expect((await post(`/product/${ids[0]}/generate-lora`, undefined, FULL_2)).body.result).toBe(
      "LoRA creation already in progress",
    );
    expect((await post(`/product/${ids[1]}/generate-lora`, undefined, FULL_2)).body.result).toBe(
      "LoRA creation in progress",
    );
    const limited = await post(`/product/${ids[2]}/generate-lora`, undefined, FULL_2);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: "Too Many Requests",
      message: "LoRA generation limit exceeded. Please wait before starting another.",
    });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await call("GET", `${svc.controlUrl}/lora/${ids[2]}`)).body.stageIndex).toBe(-1);
  });
});
