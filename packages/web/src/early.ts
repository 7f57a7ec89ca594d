// A second, tiny entry of index.html (async): starts the first public read of the landing page
// being opened while the app's scripts are still downloading; the app's first identical call
// takes the answer (lib/early-responses.ts).
import { MARKET_EARLY_REQUEST } from './features/marketplace/early-request';
import { EARLY_RESPONSES_GLOBAL, earlyKey } from './lib/early-responses';

const EARLY_REQUESTS: Record<string, { path: string; body: string }[]> = {
  '/marketplace': [MARKET_EARLY_REQUEST],
};

// A query string means filters (or a language): the page asks for something else.
const requests = location.search ? [] : (EARLY_REQUESTS[location.pathname] ?? []);
if (requests.length) {
  const started: Record<string, Promise<Response>> = {};
  for (const { path, body } of requests) {
    const response = fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body,
    });
    response.catch(() => undefined); // the app's call reports failures
    started[earlyKey(path, body)] = response;
  }
  window[EARLY_RESPONSES_GLOBAL] = started;
}
