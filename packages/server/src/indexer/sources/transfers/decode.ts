// A collection's transfers, and its ApprovalForAll (signed listings read it), decoded through
// the ABI of its type.
import type { Log } from 'viem';
import { gameItems1155Abi, gameItems721Abi } from '@aiamarket/shared/abis';
import { decodeLog } from '../../../chain/event-decoder.js';
import type { Decoded } from '../abi-events.js';
import type { AddressRole } from '../roles.js';

export type Erc721Event = Extract<Decoded<typeof gameItems721Abi>, { eventName: 'Transfer' }>;
export type Erc1155Event = Extract<
  Decoded<typeof gameItems1155Abi>,
  { eventName: 'TransferSingle' | 'TransferBatch' }
>;

/** A collection's ApprovalForAll, the same for ERC-721 and ERC-1155 (signed listings). */
export interface ApprovalEvent {
  owner: string;
  operator: string;
  approved: boolean;
}

export function decodeTransfers(log: Log, role: AddressRole) {
  if (role.collection === 'ERC721') {
    const d = decodeLog(gameItems721Abi, log);
    if (d?.eventName === 'Transfer') return { source: 'erc721' as const, event: d };
    if (d?.eventName === 'ApprovalForAll') {
      const a = d.args;
      const event = { owner: a.owner, operator: a.operator, approved: a.approved };
      return { source: 'approval' as const, event };
    }
  } else if (role.collection === 'ERC1155') {
    const d = decodeLog(gameItems1155Abi, log);
    if (d && (d.eventName === 'TransferSingle' || d.eventName === 'TransferBatch')) {
      return { source: 'erc1155' as const, event: d };
    }
    if (d?.eventName === 'ApprovalForAll') {
      const a = d.args;
      const event = { owner: a.account, operator: a.operator, approved: a.approved };
      return { source: 'approval' as const, event };
    }
  }
  return null;
}
