import "server-only";
import { countServiceRetry, observeServiceCall } from "@/lib/metrics/metrics";
import { serviceOperation } from "@/lib/metrics/service-operation";
import { serviceConfig } from "./config";
import { isTimeout } from "./service-errors";

// Every call to the service, counted for GET /api/metrics by operation (`GET /prediction/{id}`)
// and outcome: the status it answered, or `timeout` / `network` when it did not answer.

export interface CallTimer {
  operation: string;
  answered(status: number): void;
  failed(error: unknown): void;
  retried(): void;
}

export function timeCall(method: string, url: string): CallTimer {
  const operation = serviceOperation(method, url, serviceConfig().prefix);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  return {
    operation,
    answered: (status) => observeServiceCall(operation, status, seconds()),
    failed: (error) =>
      observeServiceCall(operation, isTimeout(error) || isTimeoutError(error) ? "timeout" : "network", seconds()),
    retried: () => countServiceRetry(operation),
  };
}

// The app's own timeout error (an AppError 504) as well as the platform's TimeoutError.
function isTimeoutError(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 504;
}
