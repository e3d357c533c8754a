// State of the control API: stalls, injected faults and the count of API calls received.
export type StallKind = "prediction" | "lora";
export type FaultKind = "html503" | "html502" | "rate429" | "hang" | "late" | "drop";

/**
 * When a fault acts: "request" faults answer instead of the service (nothing is handled);
 * "answer" faults let the request be handled and spoil only a success answer (what was made stays).
 */
export type FaultPhase = "request" | "answer";

export const faultPhase = (kind: FaultKind): FaultPhase => (kind === "late" || kind === "drop" ? "answer" : "request");

export interface Fault {
  match: string;
  kind: FaultKind;
  remaining: number;
  retryAfter: number;
  /** How long a "late" answer is held back. */
  delayMs: number;
}

export class ControlState {
  private stalls: Record<StallKind, number> = { prediction: 0, lora: 0 };
  private faults: Fault[] = [];
  private calls = new Map<string, number>();

  addStall(kind: StallKind, count: number): void {
    this.stalls[kind] += count;
  }

  /** True when the next created prediction / started training should never finish. */
  takeStall(kind: StallKind): boolean {
    if (this.stalls[kind] <= 0) return false;
    this.stalls[kind] -= 1;
    return true;
  }

  addFault(fault: Fault): void {
    this.faults.push(fault);
  }

  clearFaults(): void {
    this.faults = [];
  }

  /**
   * Consumes one use of the first fault of `phase` whose `match` is a substring of `key`
   * ("METHOD /path"). A request refused before its answer so never uses up an "answer" fault.
   */
  takeFault(key: string, phase: FaultPhase = "request"): Fault | undefined {
    const fault = this.faults.find((f) => f.remaining > 0 && faultPhase(f.kind) === phase && key.includes(f.match));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  recordCall(key: string): void {
    this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
  }

  callCounts(): Record<string, number> {
    return Object.fromEntries(this.calls);
  }

  resetCalls(): void {
    this.calls.clear();
  }
}

/** generate-lora starts allowed per sliding window, counted per token (the account). */
export class StartLimiter {
  private starts = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Records a start and returns null, or returns the seconds until the window frees a slot. */
  tryStart(account: string, now: number): number | null {
    const recent = (this.starts.get(account) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.max) {
      this.starts.set(account, recent);
      return Math.max(1, Math.ceil((recent[0] + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.starts.set(account, recent);
    return null;
  }
}
