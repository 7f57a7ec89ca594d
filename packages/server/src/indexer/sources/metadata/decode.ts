// ERC-4906 and ERC1155 URI events of any followed collection: a metadata refresh.
import type { Log } from 'viem';
import type { AddressRole } from '../roles.js';
import { decodeMetadataUpdate } from './metadata-events.js';

export function decodeMetadata(log: Log, role: AddressRole) {
  const update = role.collection ? decodeMetadataUpdate(log) : null;
  return update ? { source: 'metadata' as const, event: update } : null;
}
