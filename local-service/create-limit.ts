// The create limit (control API, or LOCAL_SERVICE_CREATE_LIMIT at start-up): at most `limit`
// prediction creates per fixed window of `windowMs`, per account (token). Like a gateway's request
// rate limit it is checked before the create is looked at, and a refusal is a bare 429 (no
// Retry-After): the document says only "rate limits may exist", so clients must cope with that one.
export interface CreateLimitSetting {
  limit: number;
  windowMs: number;
}

interface Window {
  start: number;
  used: number;
}

export class CreateLimit {
  private setting: CreateLimitSetting | null = null;
  private windows = new Map<string, Window>();
  private accepted = 0;
  private refused = 0;

  constructor(setting: CreateLimitSetting | null) {
    this.set(setting);
  }

  /** Sets (or with null removes) the limit; windows and counts start afresh. */
  set(setting: CreateLimitSetting | null): void {
    this.setting = setting;
    this.windows.clear();
    this.accepted = 0;
    this.refused = 0;
  }

  /**
   * Counts a create and tells whether it may go ahead. An account's windows run back to back from
   * its first create after the limit was set (start + k·windowMs), not from wall-clock multiples,
   * so a quick burst never straddles a boundary by chance.
   */
  tryCreate(account: string, now: number): boolean {
    if (!this.setting) return true;
    const { limit, windowMs } = this.setting;
    let window = this.windows.get(account);
    if (!window) {
      window = { start: now, used: 0 };
      this.windows.set(account, window);
    } else if (now >= window.start + windowMs) {
      window.start += Math.floor((now - window.start) / windowMs) * windowMs;
      window.used = 0;
    }
    if (window.used >= limit) {
      this.refused += 1;
      return false;
    }
    window.used += 1;
    this.accepted += 1;
    return true;
  }

  /** Counts over every account since the limit was set (zeros and nulls when there is none). */
  status() {
    return {
      limit: this.setting?.limit ?? null,
      windowMs: this.setting?.windowMs ?? null,
      accepted: this.accepted,
      refused: this.refused,
    };
  }
}
