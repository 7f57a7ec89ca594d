// The type of a log decoded through one of the generated ABIs.
import type { decodeEventLog } from 'viem';
import type {
  gameItems1155Abi,
  gameItems721Abi,
  launchpadBaseAbi,
  listingsAbi,
  marketplaceAbi,
  offersAbi,
  wrappedAiaAbi,
} from '@aiamarket/shared/abis';

export type Decoded<
  abi extends
    | typeof marketplaceAbi
    | typeof launchpadBaseAbi
    | typeof gameItems721Abi
    | typeof gameItems1155Abi
    | typeof offersAbi
    | typeof listingsAbi
    | typeof wrappedAiaAbi,
> = ReturnType<typeof decodeEventLog<abi>>;
