import { AnalysisFailure, failed, type AnalysisOutcome } from './item-analyzer';

/**
 * Starts a time limit: a signal that aborts once `ms` have passed. The
 * analyzers take it as an option so a test can end the limit when it chooses
 * instead of waiting it out (issue 31).
 */
export type StartDeadline = (ms: number) => AbortSignal;

export const wallClockDeadline: StartDeadline = (ms) => AbortSignal.timeout(ms);

/**
 * Runs `task` under the client's signal and a time limit (AI_TIMEOUT_MS,
 * queue wait included), and turns the way it ended into an outcome: the
 * limit is `timeout`, the client going away `aborted`, anything else
 * `failed`. Analyzers never throw past this.
 */
export async function withDeadline(
  clientSignal: AbortSignal,
  timeoutMs: number,
  task: (signal: AbortSignal) => Promise<AnalysisOutcome>,
  startDeadline: StartDeadline = wallClockDeadline,
): Promise<AnalysisOutcome> {
  const timeout = startDeadline(timeoutMs);
  const signal = AbortSignal.any([clientSignal, timeout]);
  try {
    return await task(signal);
  } catch (error) {
    if (error instanceof AnalysisFailure) return { ok: false, failure: error };
    if (timeout.aborted) return failed('timeout', `The analysis took longer than ${timeoutMs} ms`, error);
    if (clientSignal.aborted) return failed('aborted', 'The client went away during the analysis', error);
    return failed('failed', error instanceof Error ? error.message : String(error), error);
  }
}
