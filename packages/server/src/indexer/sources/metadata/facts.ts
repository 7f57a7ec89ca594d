// ERC-4906 and ERC1155 URI events: the refresh requests they make.
import { str, type FactHandler } from '../../sync/fact-rows.js';

export const metadataFacts: FactHandler<'metadata'> = (facts, e) => {
  facts.metadata.push({
    contractAddr: e.address,
    fromId: str(e.event.fromId),
    toId: str(e.event.toId),
    blockNumber: e.blockNumber,
  });
};
