import { afterAll, vi } from 'vitest';

/**
 * The server project's forks run one file after another in the same process
 * (isolate: false, ADR 0038). Whatever a file left faked or stubbed is given
 * back before the next file of the fork starts: the clock, globals, env and
 * spies. vi.mock cannot be undone this way; lint keeps it out of these files.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
