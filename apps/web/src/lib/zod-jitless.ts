/**
 * Zod 4 probes `new Function('')` the first time it parses an object, to compile faster parsers.
 * The server's Content-Security-Policy (script-src 'self') forbids eval, so in the browser the probe
 * only files a CSP violation (Lighthouse's best-practices audit counts it). `jitless` skips it.
 *
 * Zod keeps its global config on `globalThis.__zod_globalConfig` and adopts an existing one when it
 * loads; setting it here (main.tsx imports this first) avoids pulling zod, which only comes with
 * lazy chunks, into the entry chunk just to call `z.config({ jitless: true })`.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Mutated in place, so it works whether or not zod has already adopted the object.
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
export {};
