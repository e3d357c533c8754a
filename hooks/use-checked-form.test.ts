// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useCheckedForm } from "./use-checked-form";

const schema = z.object({
  name: z.string().trim().min(1, "Enter a name.").max(5, "At most 5 characters."),
  prompt: z.string().min(3, "Describe the scene."),
  ratio: z.enum(["1:1", "16:9"], { message: "Choose an aspect ratio." }),
});

describe("useCheckedForm", () => {
  it("says the first problem, returns null, and clears once the values are right", () => {
    const { result } = renderHook(() => useCheckedForm(schema));
    let checked: unknown;
    act(() => {
      checked = result.current.check({ name: "", prompt: "on a counter", ratio: "1:1" });
    });
    expect(checked).toBeNull();
    expect(result.current.error).toBe("Enter a name.");
    act(() => {
      checked = result.current.check({ name: " Jar ", prompt: "on a counter", ratio: "1:1" });
    });
    expect(checked).toEqual({ name: "Jar", prompt: "on a counter", ratio: "1:1" });
    expect(result.current.error).toBeNull();
    expect(result.current.problems).toEqual({});
  });

  it("reports every field's first problem, by field", () => {
    const { result } = renderHook(() => useCheckedForm(schema));
    act(() => {
      result.current.check({ name: "", prompt: "x", ratio: "4:3" });
    });
    expect(result.current.problems).toEqual({
      name: "Enter a name.",
      prompt: "Describe the scene.",
      ratio: "Choose an aspect ratio.",
    });
    expect(result.current.error).toBe("Enter a name.");
  });

  it("keeps a field's first problem when it has several", () => {
    const two = z.object({ code: z.string().min(4, "Too short.").regex(/^\d+$/, "Digits only.") });
    const { result } = renderHook(() => useCheckedForm(two));
    act(() => {
      result.current.check({ code: "ab" });
    });
    expect(result.current.problems).toEqual({ code: "Too short." });
  });

  it("loads a lazily given schema with the first check, not before, and answers a promise", async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      return schema;
    };
    const { result } = renderHook(() => useCheckedForm(load));
    expect(loads).toBe(0);
    expect(result.current.error).toBeNull();

    let checked: unknown;
    await act(async () => {
      checked = await result.current.check({ name: "Jar", prompt: "", ratio: "1:1" });
    });
    expect(loads).toBe(1);
    expect(checked).toBeNull();
    expect(result.current.error).toBe("Describe the scene.");
    expect(result.current.problems).toEqual({ prompt: "Describe the scene." });

    await act(async () => {
      checked = await result.current.check({ name: "Jar", prompt: "on marble", ratio: "16:9" });
    });
    expect(checked).toEqual({ name: "Jar", prompt: "on marble", ratio: "16:9" });
    expect(result.current.error).toBeNull();
  });

  it("counts each time a problem is said, even in the same words, and shows the server's refusal", () => {
    const { result } = renderHook(() => useCheckedForm(schema));
    const bad = { name: "", prompt: "on a counter", ratio: "1:1" };
    act(() => {
      result.current.check(bad);
    });
    act(() => {
      result.current.check(bad);
    });
    expect(result.current.said).toBe(2);
    act(() => result.current.refused(new Error("The monthly budget is spent.")));
    expect(result.current.error).toBe("The monthly budget is spent.");
    expect(result.current.problems).toEqual({});
    expect(result.current.said).toBe(3);
    act(() => result.current.setError(null));
    expect(result.current.error).toBeNull();
    expect(result.current.said).toBe(3);
  });
});
