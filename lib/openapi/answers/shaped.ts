import type { z } from "zod";

/**
 * An answer's schema, checked by the compiler against the TypeScript type the handler answers
 * (lib/api-types.ts, lib/types.ts): a field renamed or retyped there fails the type check here.
 */
export const shaped =
  <T>() =>
  <S extends z.ZodType<T>>(schema: S): S =>
    schema;
