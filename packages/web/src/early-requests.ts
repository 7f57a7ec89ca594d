import { MARKET_EARLY_REQUEST } from './features/marketplace/early-request';

/**
 * The public reads a landing page makes first, by exact path. index.html starts them before the
 * app's scripts arrive (build/route-preload.ts computes them at build time), when the URL has
 * no query; the app's first identical call takes the answer (lib/early-responses.ts).
 */
export const EARLY_REQUESTS: Record<string, { path: string; body: string }[]> = {
  '/marketplace': [MARKET_EARLY_REQUEST],
};
