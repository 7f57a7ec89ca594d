/**
 * Activity (history) method codes. 3, 4, 6, 7 and 10 are transfer kinds that the UI groups as one
 * "transfer" filter; the numbers say how the NFT moved:
 * - 3 ERC721 transfer between two wallets
 * - 4 ERC1155 single transfer between two wallets (TransferSingle)
 * - 6 ERC1155 batch transfer between two wallets (TransferBatch)
 * - 7 burn (sent to the zero address)
 * - 10 swap-in (sent to a launchpad contract in exchange for new NFTs)
 */
export const ACTIVITY_METHOD = {
  listing: 0,
  cancel: 1,
  trade: 2,
  transfer721: 3,
  transfer1155: 4,
  priceUpdate: 5,
  transfer1155Batch: 6,
  burn: 7,
  mint: 8,
  swapIn: 10,
} as const;

export type ActivityMethod = (typeof ACTIVITY_METHOD)[keyof typeof ACTIVITY_METHOD];

export const TRANSFER_METHODS: readonly ActivityMethod[] = [3, 4, 6, 7, 10];

/** The filter groups offered on activity tabs; "transfer" expands to every transfer kind. */
export const ACTIVITY_FILTERS = {
  listing: [ACTIVITY_METHOD.listing],
  cancel: [ACTIVITY_METHOD.cancel],
  trade: [ACTIVITY_METHOD.trade],
  transfer: TRANSFER_METHODS,
  priceUpdate: [ACTIVITY_METHOD.priceUpdate],
  mint: [ACTIVITY_METHOD.mint],
} as const satisfies Record<string, readonly ActivityMethod[]>;

export type ActivityFilter = keyof typeof ACTIVITY_FILTERS;

export function isTransferMethod(code: number): boolean {
  return (TRANSFER_METHODS as readonly number[]).includes(code);
}

/** The i18n key naming a method code, e.g. for an activity row. */
export function activityMethodKey(code: number): string {
  if (isTransferMethod(code)) return 'activity.transfer';
  const entry = Object.entries(ACTIVITY_METHOD).find(([, v]) => v === code);
  return entry ? `activity.${entry[0]}` : 'activity.unknown';
}
