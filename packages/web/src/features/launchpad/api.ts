import { PAGE_SIZE, type ContractType, type NftCardVO, type Page } from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';
import type { LaunchpadProject } from './types';

const LAUNCH_PAGE = '/collections/getLaunPage';

/** The launchpad list of one state (spec section 7: empty contractAddr and name). */
export function fetchLaunchpadPage(
  state: 1 | 2,
  page: number,
  size: number,
  signal?: AbortSignal,
): Promise<Page<LaunchpadProject>> {
  return apiRequest<Page<LaunchpadProject>>(LAUNCH_PAGE, {
    body: { contractAddr: '', name: '', state, page, size },
    signal,
  });
}

/** One project by id (the same call with `id`); null when there is none. */
export async function fetchLaunchpadProject(
  id: number,
  signal?: AbortSignal,
): Promise<LaunchpadProject | null> {
  const data = await apiRequest<Page<LaunchpadProject>>(LAUNCH_PAGE, {
    body: { id, name: '', contractAddr: '', page: 1, size: 1 },
    signal,
  });
  return data.records[0] ?? null;
}

/** An NFT contract's type and name (the exchange modal's source collection). */
export function fetchContractInfo(
  contract: string,
): Promise<{ contractType: ContractType; name: string }> {
  return apiRequest('/collections/contract', { body: { contract } });
}

/** POST /v1/api/asset/userInfoList: the user's NFTs of one collection, 20 a page. */
export function fetchUserAssets(
  contractAddr: string,
  ownerAddr: string,
  page: number,
  signal?: AbortSignal,
): Promise<Page<NftCardVO>> {
  return apiRequest<Page<NftCardVO>>('/asset/userInfoList', {
    body: { contractAddr, ownerAddr, page, size: PAGE_SIZE.userAssets },
    signal,
  });
}
