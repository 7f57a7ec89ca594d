import { PAGE_SIZE } from '@aiamarket/shared';
import { NO_FILTERS, orderRequestOf } from './filters';

/**
 * The market's first page as /marketplace without filters asks for it: index.html starts this
 * request before the scripts arrive (src/early-requests.ts), and the page's first call
 * takes its answer (lib/early-responses.ts).
 */
export const MARKET_EARLY_REQUEST = {
  path: '/v1/api/nftOrder/page',
  body: JSON.stringify({ ...orderRequestOf(NO_FILTERS), page: 1, size: PAGE_SIZE.market }),
};
