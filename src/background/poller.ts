/**
 * The one loop of the background work (the job runner, the notifications' delivery worker): a pass
 * at once when started, then another `pauseMs` after each ends, until stopped. A pass that throws
 * is reported and the loop goes on.
 */
export class Poller {
  readonly #pass: () => Promise<unknown>;
  readonly #pauseMs: number;
  readonly #onError: (err: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #started = false;

  constructor(pass: () => Promise<unknown>, pauseMs: number, onError: (err: unknown) => void) {
    this.#pass = pass;
    this.#pauseMs = pauseMs;
    this.#onError = onError;
  }

  /** Whether it runs: a pass that loops checks it to end early once stopped. */
  get started(): boolean {
    return this.#started;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#tick();
  }

  /** Stops the loop and waits for the pass in flight. */
  async stop(): Promise<void> {
    this.#started = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  #tick(): void {
    this.#running = this.#pass()
      .catch(this.#onError)
      .finally(() => {
        this.#running = undefined;
        if (!this.#started) return;
        this.#timer = setTimeout(() => this.#tick(), this.#pauseMs);
        this.#timer.unref();
      });
  }
}
