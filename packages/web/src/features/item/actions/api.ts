import { CONFIG_KEYS, type ChangePriceRequest } from '@aiamarket/shared';
import { apiRequest } from '../../../lib/api';

// The server calls of the item page's trading actions (spec doc 1 section 7); the reads the
// page itself makes (ownership, favourite detail) are in ../api.

/** GET /v1/api/config/getValue?name=transaction_fee: the platform fee in percent. */
export async function fetchFeePercent(signal?: AbortSignal): Promise<number> {
  const data = await apiRequest<{ value: string } | null>('/config/getValue', {
    query: { name: CONFIG_KEYS.transactionFee },
    signal,
  });
  const fee = Number(data?.value ?? 0);
  return Number.isFinite(fee) && fee >= 0 ? fee : 0;
}

/** POST /v1/api/nftOrder/changePrice, after the on-chain modifyPrice is mined. */
export function notifyPriceChange(body: ChangePriceRequest): Promise<unknown> {
  return apiRequest('/nftOrder/changePrice', { body });
}

/** GET /v1/api/collect/collect|cancel/{tokenId}/{contractAddr}: favourite or unfavourite. */
export function setFavourite(
  item: { contractAddr: string; tokenId: string },
  on: boolean,
): Promise<unknown> {
  const path = `/collect/${on ? 'collect' : 'cancel'}/${encodeURIComponent(item.tokenId)}/${encodeURIComponent(item.contractAddr)}`;
  return apiRequest(path);
}
