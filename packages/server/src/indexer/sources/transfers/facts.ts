// ERC721 and ERC1155 transfers of followed collections: their facts (the holdings derive from them).
import {
  str,
  lower,
  type FactHandler,
  type FactPosition,
  type TransferRow,
} from '../../sync/fact-rows.js';

/**
 * A transfer fact, every field written out: tens of thousands a range, built with one shape
 * (a spread of the position and then the rest cost about twice as much, in time and garbage).
 */
function transferRow(
  pos: FactPosition,
  contractAddr: string,
  subIndex: number,
  tokenId: string,
  fromAddr: string,
  toAddr: string,
  amount: string,
  batch: boolean,
): TransferRow {
  return {
    chainId: pos.chainId,
    blockNumber: pos.blockNumber,
    txHash: pos.txHash,
    logIndex: pos.logIndex,
    subIndex,
    contractAddr,
    tokenId,
    fromAddr,
    toAddr,
    amount,
    batch,
    blockTime: pos.blockTime,
  };
}

export const erc721Facts: FactHandler<'erc721'> = (facts, e, pos) => {
  const a = e.event.args;
  facts.transfers.push(
    transferRow(pos, e.address, 0, str(a.tokenId), lower(a.from), lower(a.to), '1', false),
  );
};

export const erc1155Facts: FactHandler<'erc1155'> = (facts, e, pos) => {
  if (e.event.eventName === 'TransferSingle') {
    const a = e.event.args;
    facts.transfers.push(
      transferRow(pos, e.address, 0, str(a.id), lower(a.from), lower(a.to), str(a.value), false),
    );
  } else {
    const a = e.event.args;
    const from = lower(a.from);
    const to = lower(a.to);
    a.ids.forEach((id, i) => {
      facts.transfers.push(
        transferRow(pos, e.address, i, str(id), from, to, str(a.values[i] ?? 0n), true),
      );
    });
  }
};
