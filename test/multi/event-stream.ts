// A live-update stream (GET /api/events) read as a browser's EventSource reads it: frames parsed
// as they arrive, each with its id, event name and JSON data.

export interface Frame {
  id: number | null;
  event: string;
  data: Record<string, unknown>;
}

export interface EventStream {
  frames: Frame[];
  /** The first frame (from `from` on) that `match` accepts, waited for up to `timeoutMs`. */
  next(match: (frame: Frame) => boolean, timeoutMs?: number, from?: number): Promise<Frame>;
  close(): Promise<void>;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<{ response: Response; stream: EventStream }> {
  const aborts = new AbortController();
  const response = await fetch(url, { headers, signal: aborts.signal });
  const frames: Frame[] = [];
  const body = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const pump = (async () => {
    if (!body) return;
    for (;;) {
      const { value, done } = await body.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        const lines = buffer
          .slice(0, end)
          .split("\n")
          .filter((line) => !line.startsWith(":"));
        buffer = buffer.slice(end + 2);
        const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
        const event = field("event");
        if (!event) continue;
        const id = field("id");
        frames.push({ id: id === undefined ? null : Number(id), event, data: JSON.parse(field("data") ?? "{}") });
      }
    }
  })();
  return {
    response,
    stream: {
      frames,
      async next(match, timeoutMs = 60_000, from = 0) {
        for (let waited = 0; waited < timeoutMs; waited += 50) {
          const found = frames.slice(from).find(match);
          if (found) return found;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error(`no such event within ${timeoutMs} ms; had ${JSON.stringify(frames.map((f) => f.event))}`);
      },
      async close() {
        aborts.abort();
        await pump;
      },
    },
  };
}
