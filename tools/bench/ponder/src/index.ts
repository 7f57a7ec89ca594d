// Handlers for the bench's events, doing what our indexer does with them: store each event,
// fold the listings (with the ERC-2981 rate read at the listing's block) and keep holdings.
import { ponder } from 'ponder:registry';
import { holding, listing, marketEvent, transfer } from 'ponder:schema';
import { gameItems721Abi } from '../../../../packages/shared/src/generated/abis';

const ZERO = '0x0000000000000000000000000000000000000000';
/** royaltyInfo(tokenId, RATE_BASE) answers the rate in percent x 100. */
const RATE_BASE = 10_000n;

type Hex = `0x${string}`;
// The handlers' context, taken from a registration so no Ponder internals are named.
type Db = Parameters<Parameters<typeof ponder.on<'Erc721:Transfer'>>[1]>[0]['context']['db'];

async function move(db: Db, collection: Hex, tokenId: bigint, from: Hex, to: Hex, amount: bigint) {
  if (from !== ZERO) {
    await db
      .insert(holding)
      .values({ collection, tokenId, owner: from, amount: -amount })
      .onConflictDoUpdate((row) => ({ amount: row.amount - amount }));
  }
  if (to !== ZERO) {
    await db
      .insert(holding)
      .values({ collection, tokenId, owner: to, amount })
      .onConflictDoUpdate((row) => ({ amount: row.amount + amount }));
  }
}

/** What every market event stores: its id and kind, the item, and the block it came in. */
function marketEventRow(
  event: {
    id: string;
    args: { itemId: bigint; nftContract: Hex; tokenId: bigint; seller: Hex };
    block: { number: bigint; timestamp: bigint };
  },
  kind: string,
  terms: { price?: bigint; amount?: bigint } = {},
) {
  const { itemId, nftContract, tokenId, seller } = event.args;
  return {
    id: event.id,
    kind,
    itemId,
    nftContract,
    tokenId,
    seller,
    ...terms,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
  };
}

ponder.on('Marketplace:MarketItemCreated', async ({ event, context }) => {
  const a = event.args;
  let erc2981Rate: number | null = null;
  try {
    const [receiver, rate] = await context.client.readContract({
      address: a.nftContract,
      abi: gameItems721Abi,
      functionName: 'royaltyInfo',
      args: [a.tokenId, RATE_BASE],
    });
    if (receiver !== ZERO && rate <= RATE_BASE) erc2981Rate = Number(rate);
  } catch {
    erc2981Rate = null;
  }
  await context.db
    .insert(marketEvent)
    .values(marketEventRow(event, 'created', { price: a.price, amount: a.amount }));
  await context.db.insert(listing).values({
    itemId: a.itemId,
    nftContract: a.nftContract,
    tokenId: a.tokenId,
    seller: a.seller,
    coin: a.coin,
    price: a.price,
    amount: a.amount,
    status: 'listed',
    erc2981Rate,
    updatedBlock: event.block.number,
  });
});

ponder.on('Marketplace:MarketItemSold', async ({ event, context }) => {
  const a = event.args;
  await context.db
    .insert(marketEvent)
    .values(marketEventRow(event, 'sold', { price: a.price, amount: a.amount }));
  await context.db.update(listing, { itemId: a.itemId }).set({
    amount: a.leftAmount,
    status: a.leftAmount === 0n ? 'sold' : 'listed',
    updatedBlock: event.block.number,
  });
});

ponder.on('Marketplace:MarketItemCancelled', async ({ event, context }) => {
  const a = event.args;
  await context.db.insert(marketEvent).values(marketEventRow(event, 'cancelled'));
  await context.db
    .update(listing, { itemId: a.itemId })
    .set({ status: 'cancelled', updatedBlock: event.block.number });
});

ponder.on('Marketplace:MarketItemPriceChanged', async ({ event, context }) => {
  const a = event.args;
  await context.db
    .insert(marketEvent)
    .values(marketEventRow(event, 'price', { price: a.newPrice }));
  await context.db
    .update(listing, { itemId: a.itemId })
    .set({ price: a.newPrice, updatedBlock: event.block.number });
});

ponder.on('Erc721:Transfer', async ({ event, context }) => {
  const { from, to, tokenId } = event.args;
  const collection = event.log.address;
  await context.db.insert(transfer).values({
    id: event.id,
    collection,
    tokenId,
    from,
    to,
    amount: 1n,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
  });
  await move(context.db, collection, tokenId, from, to, 1n);
});

ponder.on('Erc1155:TransferSingle', async ({ event, context }) => {
  const { from, to, id, value } = event.args;
  const collection = event.log.address;
  await context.db.insert(transfer).values({
    id: event.id,
    collection,
    tokenId: id,
    from,
    to,
    amount: value,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
  });
  await move(context.db, collection, id, from, to, value);
});

ponder.on('Erc1155:TransferBatch', async ({ event, context }) => {
  const { from, to, ids, values } = event.args;
  const collection = event.log.address;
  for (const [i, id] of ids.entries()) {
    const amount = values[i]!;
    await context.db.insert(transfer).values({
      id: `${event.id}-${i}`,
      collection,
      tokenId: id,
      from,
      to,
      amount,
      blockNumber: event.block.number,
      timestamp: event.block.timestamp,
    });
    await move(context.db, collection, id, from, to, amount);
  }
});
