import { AnalysisFailure, failed, type AnalysisOutcome } from './item-analyzer';

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
): Promise<AnalysisOutcome> {
  const timeout = AbortSignal.timeout(timeoutMs);
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
