interface Window {
  failures: number;
  endsAt: number;
}

/**
 * Failures counted per name (a client address, an account) in fixed windows: past `max` in a window the
 * name is locked until the window passes. Names that stopped failing are forgotten once per window, so
 * the map holds only live ones.
 */
export class FailureWindows {
  private readonly windows = new Map<string, Window>();
  private sweepAt = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `name` may try again; 0 when it may now. */
  lockedFor(name: string): number {
    const at = this.now();
    const window = this.open(name, at);
    return window && window.failures >= this.max ? Math.ceil((window.endsAt - at) / 1000) : 0;
  }

  count(name: string): void {
    const at = this.now();
    if (at >= this.sweepAt) {
      for (const [known, window] of this.windows) if (window.endsAt <= at) this.windows.delete(known);
      this.sweepAt = at + this.windowMs;
    }
    const window = this.open(name, at);
    if (window) window.failures += 1;
    else this.windows.set(name, { failures: 1, endsAt: at + this.windowMs });
  }

  private open(name: string, at: number): Window | undefined {
    const window = this.windows.get(name);
    return window && window.endsAt > at ? window : undefined;
  }
}
