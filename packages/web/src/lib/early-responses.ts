/** Where index.html keeps the requests it started before the scripts (web/build/route-preload.ts). */
export const EARLY_RESPONSES_GLOBAL = '__earlyResponses';

/**
 * The id of the JSON block in which the server may answer the landing page's early requests
 * with the HTML (server/src/http/landing-data.ts): an object of envelopes by early key.
 */
export const LANDING_DATA_ID = 'landing-data';

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
  if (typeof window === 'undefined') return undefined;
  const key = earlyKey(url, body);
  const inPage = landingData();
  if (inPage && key in inPage) {
    const envelope = inPage[key];
    delete inPage[key];
    return Promise.resolve(
      new Response(JSON.stringify(envelope), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  }
  const early = window[EARLY_RESPONSES_GLOBAL];
  const response = early?.[key];
  if (response) delete early[key];
  return response;
}

let landing: Record<string, unknown> | null | undefined;

/** The server's answers in the page, read once (unreadable means none). */
function landingData(): Record<string, unknown> | null {
  if (landing !== undefined) return landing;
  const block = document.getElementById(LANDING_DATA_ID);
  if (!block) return null;
  landing = null;
  try {
    if (!block.textContent) return landing;
    const parsed: unknown = JSON.parse(block.textContent);
    if (parsed && typeof parsed === 'object') landing = parsed as Record<string, unknown>;
  } catch {
    // A broken block is no data: the app asks the server.
  }
  return landing;
}

/** Forgets the page's data read so far (tests). */
export function resetLandingData(): void {
  landing = undefined;
}
