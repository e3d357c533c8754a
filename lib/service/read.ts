import "server-only";
import type { z } from "zod";
import { coalesce } from "./coalesce";
import { serviceGet } from "./http";
import { assertSafeId, servicePath } from "./ids";
import { parseAnswer, parseList } from "./reshape";

// Every read of a service resource is one chain: check the id, build the path under the prefix,
// share one GET per key and time-to-live among concurrent callers, parse leniently, reshape into
// the app's own type. Cache keys are `GET /<resource>/[id]`, the keys writes `forget`.

export type ServiceResource = "template" | "product" | "prediction";

export interface ReadSpec<S extends z.ZodType, T> {
  schema: S;
  reshape: (raw: z.output<S>) => T;
  ttlMs: number;
}

/** How long one answer is shared, when it depends on the answer (see coalesce). */
export type KeepFor<T> = (value: T) => number;

/** Each caller gets its own copy of the shared answer (see coalesce). */
type Copy<V> = { copy: (value: V) => V };

/** GET /<resource>/{id}; an id that could change the path is refused before any request. */
export function readOne<S extends z.ZodType, T>(
  resource: ServiceResource,
  id: string,
  spec: ReadSpec<S, T> & Copy<T>,
  keepFor?: KeepFor<T>,
  fresh = false,
): Promise<T> {
  const safeId = assertSafeId(id, `${resource} id`);
  const url = servicePath`/${resource}/${safeId}`;
  return coalesce(
    `GET /${resource}/${safeId}`,
    keepFor ?? spec.ttlMs,
    async () => spec.reshape(parseAnswer(spec.schema, await serviceGet(url), `the ${resource}`)),
    spec.copy,
    fresh,
  );
}

/** GET /<resource>/: items the app cannot read are left out rather than failing the list. */
export function readList<S extends z.ZodType, T>(
  resource: ServiceResource,
  spec: ReadSpec<S, T> & Copy<T[]>,
): Promise<T[]> {
  const url = servicePath`/${resource}/`;
  return coalesce(
    `GET /${resource}/`,
    spec.ttlMs,
    async () => parseList(spec.schema, await serviceGet(url), `the ${resource} list`).map((raw) => spec.reshape(raw)),
    spec.copy,
  );
}
