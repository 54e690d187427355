// Test-only fault injector for the fault suite (tests/faults/shutdown.test.ts),
// loaded into the built server with `node --import` by the test that starts
// it. It is no part of the server: nothing in src/ or dist/ refers to it, so
// no environment variable or request can switch it on in production; only
// whoever starts the Node.js process with this flag can.
//
// On SIGUSR2 it throws from a callback of the event loop, as a bug in a
// timer or an event handler would: the error reaches main.ts's
// 'uncaughtException' handler, the path under test.
import process from 'node:process';
import { setImmediate } from 'node:timers';

process.on('SIGUSR2', () => {
  setImmediate(() => {
    throw new Error('fault suite: injected uncaught exception');
  });
});
