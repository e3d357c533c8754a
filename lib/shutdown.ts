// Stopping gracefully: on SIGTERM an instance stops taking new requests (503 with Retry-After,
// and its readiness says so, so a load balancer sends people elsewhere), finishes those in
// flight — uploads and streamed downloads included, up to SHUTDOWN_GRACE_MS — then hands its
// watcher lease and its claimed shots back and closes the database (lib/startup.ts). The state
// lives on globalThis: the proxy and the route handlers are bundled apart but run in one process.

interface ShutdownState {
  draining: boolean;
  inFlight: number;
  idle: (() => void)[];
}

const holder = globalThis as typeof globalThis & { __productStudioShutdown?: ShutdownState };
const state = (holder.__productStudioShutdown ??= { draining: false, inFlight: 0, idle: [] });

/** Seconds a client is asked to wait before trying again (another instance, or this one restarted). */
export const DRAINING_RETRY_AFTER_SECONDS = 2;

export function isDraining(): boolean {
  return state.draining;
}

/** Counts one request in flight; the answer calls `done` once, when its body has been sent. */
export function requestStarted(): () => void {
  state.inFlight += 1;
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    state.inFlight -= 1;
    if (state.inFlight === 0) for (const wake of state.idle.splice(0)) wake();
  };
}

/** The same response, whose `done` runs when its body has been read to the end or abandoned. */
export function untilSent(response: Response, done: () => void): Response {
  if (!response.body) {
    done();
    return response;
  }
  const passing = response.body.pipeThrough(new TransformStream({ flush: done }));
  // A client that goes away cancels the stream: the request is over then too.
  const reader = passing.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      const { value, done: ended } = await reader.read();
      if (ended) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Stops taking requests and waits until those in flight are answered, at most `graceMs`. */
export async function drain(graceMs: number): Promise<{ left: number }> {
  state.draining = true;
  if (state.inFlight > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      state.idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  return { left: state.inFlight };
}
