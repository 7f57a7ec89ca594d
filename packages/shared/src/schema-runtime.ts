/**
 * For the browser app, whose Content-Security-Policy has no 'unsafe-eval': zod otherwise probes
 * `new Function` on its first object parse to compile faster parsers, and that probe is reported
 * as a CSP violation (it is caught, so parsing works either way). Interpreted parsing is plenty
 * for a form or an answer; the server keeps the compiled parsers.
 *
 * zod keeps its settings on globalThis (so that copies of it agree); setting `jitless` there
 * works before zod is loaded too, so the app's entry does not have to load zod to call this.
 */
export function interpretSchemas(): void {
  const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (g.__zod_globalConfig ??= {}).jitless = true;
}
