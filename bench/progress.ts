/** A progress bar on stderr: redrawn in place on a terminal, a line every 5% otherwise (CI logs). */
export class Progress {
  readonly #total: number;
  readonly #started = performance.now();
  readonly #tty = process.stderr.isTTY;
  #done = 0;
  #label = '';
  #lastDraw = 0;
  #lastStep = -1;

  constructor(total: number) {
    this.#total = total;
  }

  label(text: string): void {
    this.#label = text;
    this.#draw(true);
  }

  add(n: number): void {
    this.#done += n;
    this.#draw(false);
  }

  finish(): void {
    this.#done = Math.max(this.#done, this.#total);
    this.#draw(true);
    if (this.#tty) process.stderr.write('\n');
  }

  #draw(force: boolean): void {
    const now = performance.now();
    const fraction = Math.min(1, this.#done / this.#total);
    const step = Math.floor(fraction * 20);
    if (this.#tty ? !force && now - this.#lastDraw < 100 : !force && step === this.#lastStep) return;
    this.#lastDraw = now;
    this.#lastStep = step;
    const seconds = (now - this.#started) / 1000;
    const rate = this.#done / Math.max(seconds, 0.001);
    const eta = fraction > 0 && fraction < 1 ? ` eta ${Math.ceil((this.#total - this.#done) / rate)}s` : '';
    const width = 30;
    const filled = Math.round(fraction * width);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%`;
    const line = `${bar} ${fmt(this.#done)}/${fmt(this.#total)} rows ${seconds.toFixed(0)}s${eta} ${fmt(Math.round(rate))} rows/s  ${this.#label}`;
    if (this.#tty) process.stderr.write(`\r${line.padEnd(110).slice(0, Math.max(110, line.length))}`);
    else process.stderr.write(`${line}\n`);
  }
}

function fmt(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e4 ? `${(n / 1e3).toFixed(0)}k` : String(n);
}
