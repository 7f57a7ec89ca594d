import type { SweepQuoteRequest, SweepQuoteVO } from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

/** POST listing/sweepQuote: a collection's `count` cheapest buyable listings and their totals. */
export function fetchSweepQuote(body: SweepQuoteRequest, signal?: AbortSignal) {
  return apiRequest<SweepQuoteVO>('/listing/sweepQuote', { body, signal });
}
