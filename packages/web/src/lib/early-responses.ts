/** Where index.html keeps the requests it started before the scripts (web/build/route-preload.ts). */
export const EARLY_RESPONSES_GLOBAL = '__earlyResponses';

/** The key of an early request: the URL and the exact JSON body. */
export const earlyKey = (url: string, body: string) => `${url} ${body}`;

declare global {
  interface Window {
    [EARLY_RESPONSES_GLOBAL]?: Record<string, Promise<Response>>;
  }
}

/**
 * The answer of a request index.html already started for the landing page, when this is the
 * same request (URL and body); each is taken once, so a later call asks the server again.
 * Early requests are public reads: their answer does not depend on who asks.
 */
export function takeEarlyResponse(url: string, body: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window[EARLY_RESPONSES_GLOBAL];
  const key = earlyKey(url, body);
  const response = early?.[key];
  if (response) delete early[key];
  return response;
}
