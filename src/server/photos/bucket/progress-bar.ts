/**
 * A progress bar for a one-shot command: redrawn in place on a terminal,
 * and one line per tenth of the way in a log (where carriage returns would
 * pile up into one unreadable line).
 */
export interface ProgressBar {
  update(done: number, total: number): void;
  finish(): void;
}

const WIDTH = 30;

export function createProgressBar(
  output: { write(text: string): unknown; isTTY?: boolean },
  noun: string,
): ProgressBar {
  let lastTenth = -1;
  let drawn = false;
  return {
    update(done, total) {
      const line = progressLine(done, total, noun);
      if (output.isTTY) {
        output.write(`\r${line}`);
        drawn = true;
        return;
      }
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      output.write(`${line}\n`);
    },
    finish() {
      if (drawn) output.write('\n');
      drawn = false;
    },
  };
}

/** `[██████████░░░░░░░░░░░░░░░░░░░░]  120/360 photos  33%` */
export function progressLine(done: number, total: number, noun: string): string {
  const share = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(share * WIDTH);
  const counts = `${String(done).padStart(String(total).length)}/${total} ${noun}`;
  return `[${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}] ${counts} ${Math.floor(share * 100)}%`;
}
