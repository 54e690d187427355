/**
 * The Content-Security-Policy forbids eval. Without `jitless`, zod probes
 * `new Function('')` when the first object schema is created; the probe's
 * error is caught, but the browser still reports a CSP violation on every
 * signed-in page load.
 *
 * zod keeps its global configuration on `globalThis.__zod_globalConfig` (the
 * object `z.config()` returns, shared by every zod copy and picked up when
 * zod loads). Setting the flag there configures zod before its lazily loaded
 * chunk arrives; importing `z.config` here would pull zod into the first-load
 * bundle. The object is mutated, not replaced, so this also works if zod is
 * already loaded. main.tsx imports this module first.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
