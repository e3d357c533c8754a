import { JSONParser } from "@streamparser/json";

// The items of a JSON list read as it streams in, handed on in batches: however long the list,
// only one network chunk and one batch are held at a time, never the whole text or array. A
// list may be a bare array or wrapped in an object under one of `wrappers` (as rawList accepts).

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]);

export class NotAList extends Error {}

function firstByte(chunk: Uint8Array): number | undefined {
  for (const byte of chunk) if (!WHITESPACE.has(byte)) return byte;
  return undefined;
}

export async function* jsonListBatches(
  chunks: AsyncIterable<Uint8Array>,
  options: { batchSize: number; wrappers: readonly string[] },
): AsyncGenerator<unknown[]> {
  let parser: JSONParser | null = null;
  let pending: unknown[] = [];
  let failure: unknown = null;
  for await (const chunk of chunks) {
    if (!parser) {
      const first = firstByte(chunk);
      if (first === undefined) continue;
      // `$.*` on an object would hand back the wrapped array whole: choose the paths by the root.
      if (first !== 0x5b && first !== 0x7b) throw new NotAList("the answer is not a JSON list");
      const paths = first === 0x5b ? ["$.*"] : options.wrappers.map((key) => `$.${key}.*`);
      parser = new JSONParser({ paths, keepStack: false });
      parser.onValue = ({ value }) => {
        pending.push(value);
      };
      parser.onError = (error) => {
        failure = error;
      };
    }
    parser.write(chunk);
    if (failure) throw new NotAList(`the list is not valid JSON: ${String(failure)}`);
    while (pending.length >= options.batchSize) {
      const batch = pending.slice(0, options.batchSize);
      pending = pending.slice(options.batchSize);
      yield batch;
    }
  }
  if (!parser) throw new NotAList("the answer is empty");
  if (!parser.isEnded) parser.end();
  if (failure) throw new NotAList(`the list is not valid JSON: ${String(failure)}`);
  if (pending.length > 0) yield pending;
}
