/** What a test can do to a local SMTP server to catch a sender in the middle of a send. */
export interface SmtpHold {
  /** From now on, read each message but never answer it: the sender waits for its 250, holding what it claimed. */
  hold(): void;
  /** Messages read and not answered since `hold()`. */
  readonly held: number;
  /** Forget the unanswered messages (their sender died waiting) and answer again. */
  discardHeld(): void;
}

/** The gate a server's onData asks, once a message is read, whether to keep and answer it. */
export interface SmtpHoldGate extends SmtpHold {
  /** True when the message is to be left unanswered. */
  parks(): boolean;
}

export function smtpHoldGate(): SmtpHoldGate {
  let holding = false;
  let held = 0;
  return {
    hold() {
      holding = true;
    },
    get held() {
      return held;
    },
    discardHeld() {
      holding = false;
      held = 0;
    },
    parks() {
      if (holding) held += 1;
      return holding;
    },
  };
}
