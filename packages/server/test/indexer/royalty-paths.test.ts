// Every royalty shown and recorded is the one the chain pays. Four collections: the market's
// rate only, ERC-2981 only, both (the market's rate wins) and none; each traded through every
// fill path (market buy, signed listing buy, sweep, item, collection and trait offer). What the
// royalty receivers actually received (their AIA and wrapped AIA balances and the AIA royalties
// the Listings contract holds for them) is compared to the wei with the royalty rows, and the
// collection pages and order rows with the shared rule on the chain's own answers. Before the
// rule was shared, collections/link answered null for an ERC-2981 collection and signed
// listings showed no royalty for it.
import { and, eq } from 'drizzle-orm';
import { parseEther, zeroAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_TYPE,
  LISTING_TYPES,
  OFFER_KIND,
  listingDomain,
  listingOrderHash,
  royaltyRateOf,
  royaltyRateToPercent,
  saleRoyalty,
  traitTree,
  type SignedListingFields,
} from '@aiamarket/shared';
import {
  gameItems721Abi,
  gameItems721Bytecode,
  listingsAbi,
  marketplaceAbi,
  offersAbi,
  wrappedAiaAbi,
} from '@aiamarket/shared/abis';
import { priceHash } from '@aiamarket/contracts';
import { buildApp } from '../../src/app.js';
import { registerCollection } from '../../src/indexer/collections.js';
import { marketEvents, orders, royaltyPayments } from '../../src/db/schema-chain.js';
import { signedListings } from '../../src/db/schema-listings.js';
import { collectionProfiles } from '../../src/db/schema-market.js';
import { syncCollectionProfiles } from '../../src/modules/collection/profiles.js';
import { useChainAndDatabase, type FreshDatabase } from '../support/chain-database.js';
import { chainServerContext } from '../support/context.js';
import { ACTORS, CHAIN_ID, lower, newIndexer, send, storeSigned, type Chain } from './support.js';

type Kind = 'market' | 'erc2981' | 'both' | 'none';
const KINDS: Kind[] = ['market', 'erc2981', 'both', 'none'];
const MARKET_RECEIVER = ACTORS.carol.address as Address; // market rate 2.5 %
const ERC2981_RECEIVER = ACTORS.dave.address as Address; // ERC-2981 5 %
const alice = ACTORS.alice.address as Address;
// Odd prices so that every rounding shows.
const PRICE = parseEther('1') + 333n;

describe('royalty on every fill path, as the chain pays it', () => {
  let c: Chain;
  let fresh: FreshDatabase;
  useChainAndDatabase((started) => ({ c, fresh } = started));

  it('records, shows and pays the same royalty for market, ERC-2981, both and none', async () => {
    const db = fresh.database.db;
    const indexer = newIndexer(db, c.publicClient, c.deployment);
    const market = c.addr('Marketplace');
    const listingsAddr = c.addr('Listings');
    const offersAddr = c.addr('Offers');
    const wrapped = c.addr('WrappedAIA');
    const owner = c.wallets.owner;

    // The four collections, 7 tokens each for alice.
    const nft: Record<Kind, Address> = {} as Record<Kind, Address>;
    for (const kind of KINDS) {
      const withErc2981 = kind === 'erc2981' || kind === 'both';
      const hash = await owner.deployContract({
        abi: gameItems721Abi,
        bytecode: gameItems721Bytecode,
        args: [
          `Royalty ${kind}`,
          'RTY',
          'ipfs://royalty/',
          ACTORS.owner.address as Address,
          withErc2981 ? ERC2981_RECEIVER : zeroAddress,
          withErc2981 ? 500n : 0n,
        ],
        account: owner.account!,
        chain: owner.chain,
      });
      const deployed = await c.publicClient.waitForTransactionReceipt({ hash });
      nft[kind] = deployed.contractAddress!;
      await registerCollection(db, CHAIN_ID, {
        address: nft[kind],
        contractType: CONTRACT_TYPE.erc721,
        deploymentBlock: Number(deployed.blockNumber),
        source: 'admin',
        name: `Royalty ${kind}`,
      });
      const x = { address: nft[kind], abi: gameItems721Abi };
      await send(c, 'owner', { ...x, functionName: 'mint', args: [alice, 7n] });
      for (const operator of [market, listingsAddr, offersAddr])
        await send(c, 'alice', { ...x, functionName: 'setApprovalForAll', args: [operator, true] });
      if (kind === 'market' || kind === 'both') {
        await send(c, 'owner', {
          address: market,
          abi: marketplaceAbi,
          functionName: 'setRoyaltyRate',
          args: [nft[kind], MARKET_RECEIVER, 250n],
        });
      }
    }
    await indexer.catchUp();
    await syncCollectionProfiles(db, CHAIN_ID, c.publicClient);
    const w = { address: wrapped, abi: wrappedAiaAbi };
    await send(c, 'bob', { ...w, functionName: 'deposit', value: parseEther('100') });
    await send(c, 'bob', { ...w, functionName: 'approve', args: [offersAddr, 2n ** 255n] });

    // What the chain pays on a sale, by the shared rule on the chain's own answers.
    const expected = async (kind: Kind, tokenId: bigint, gross: bigint, block: bigint) => {
      const [receiver, rate, set] = await c.publicClient.readContract({
        address: market,
        abi: marketplaceAbi,
        functionName: 'royaltyRateOf',
        args: [nft[kind]],
        blockNumber: block,
      });
      let erc2981: { receiver: string; amount: bigint } | null = null;
      try {
        const [r, amount] = await c.publicClient.readContract({
          address: nft[kind],
          abi: gameItems721Abi,
          functionName: 'royaltyInfo',
          args: [tokenId, gross],
          blockNumber: block,
        });
        erc2981 = { receiver: r, amount };
      } catch {
        erc2981 = null;
      }
      return saleRoyalty(set ? { rate: Number(rate), receiver } : null, erc2981, gross);
    };
    // What the receivers got in a transaction: AIA, wrapped AIA, and AIA royalties Listings
    // collected for them (withdrawn later).
    const received = async (kind: Kind, block: bigint) => {
      let sum = 0n;
      for (const who of [MARKET_RECEIVER, ERC2981_RECEIVER]) {
        sum += await c.publicClient.getBalance({ address: who, blockNumber: block });
        sum += await c.publicClient.readContract({
          ...w,
          functionName: 'balanceOf',
          args: [who],
          blockNumber: block,
        });
      }
      sum += await c.publicClient.readContract({
        address: listingsAddr,
        abi: listingsAbi,
        functionName: 'royaltiesOf',
        args: [nft[kind]],
        blockNumber: block,
      });
      return sum;
    };
    const fills: { kind: Kind; path: string; tx: Hex; tokenId: bigint; gross: bigint }[] = [];
    const measure = async (
      kind: Kind,
      path: string,
      tokenId: bigint,
      gross: bigint,
      run: () => Promise<{ transactionHash: Hex; blockNumber: bigint }>,
    ) => {
      const receipt = await run();
      const got =
        (await received(kind, receipt.blockNumber)) -
        (await received(kind, receipt.blockNumber - 1n));
      const want = await expected(kind, tokenId, gross, receipt.blockNumber - 1n);
      expect(got, `${kind} ${path}`).toBe(want.amount);
      fills.push({ kind, path, tx: receipt.transactionHash, tokenId, gross });
    };

    let salt = 1n;
    const now = BigInt(Math.floor(Date.now() / 1000));
    const signListing = async (kind: Kind, tokenId: bigint) => {
      const listing: SignedListingFields = {
        seller: alice,
        collection: nft[kind],
        erc1155: false,
        tokenId,
        units: 1n,
        coin: zeroAddress,
        pricePerUnit: PRICE,
        start: 0n,
        end: now + 86_400n,
        salt: salt++,
        counter: 0n,
      };
      const signature = await privateKeyToAccount(ACTORS.alice.privateKey).signTypedData({
        domain: listingDomain(CHAIN_ID, listingsAddr),
        types: LISTING_TYPES,
        primaryType: 'Listing',
        message: listing,
      });
      const hash = listingOrderHash(listing, CHAIN_ID, listingsAddr);
      await db.insert(signedListings).values({
        chainId: CHAIN_ID,
        listingsAddr: lower(listingsAddr),
        orderHash: lower(hash),
        seller: lower(alice),
        contractAddr: lower(nft[kind]),
        erc1155: false,
        tokenId: tokenId.toString(),
        units: '1',
        coin: zeroAddress,
        pricePerUnit: PRICE.toString(),
        startTime: new Date(0),
        endTime: new Date(Number(listing.end) * 1000),
        salt: listing.salt.toString(),
        counter: '0',
        signature,
        root: null,
        proof: [],
      });
      return { fill: { listing, signature, proof: [] as Hex[], index: 0n, units: 1n }, hash };
    };
    const listOnMarket = async (kind: Kind, tokenId: bigint) => {
      const receipt = await send(c, 'alice', {
        address: market,
        abi: marketplaceAbi,
        functionName: 'createMarketItem',
        args: [nft[kind], tokenId, 1n, PRICE, zeroAddress],
      });
      await indexer.catchUp();
      const [row] = await db
        .select({ itemId: marketEvents.itemId })
        .from(marketEvents)
        .where(
          and(
            eq(marketEvents.txHash, lower(receipt.transactionHash)),
            eq(marketEvents.kind, 'created'),
          ),
        );
      return BigInt(row!.itemId!);
    };
    const orderRoyalty = async (marketAddr: string, orderId: bigint) => {
      const [row] = await db
        .select({ royalty: orders.royalty })
        .from(orders)
        .where(
          and(eq(orders.marketAddr, lower(marketAddr)), eq(orders.orderId, orderId.toString())),
        );
      return row?.royalty;
    };

    for (const kind of KINDS) {
      // Listed first: their order rows show the royalty a fill will pay.
      const signed = await signListing(kind, 2n);
      const swept = await signListing(kind, 3n);
      const item1 = await listOnMarket(kind, 1n);
      const item4 = await listOnMarket(kind, 4n);
      await indexer.catchUp();
      const head = await c.publicClient.getBlockNumber();
      const rate = await expected(kind, 1n, 10_000n, head);
      const shownRate = rate.source === 'none' ? null : Number(rate.amount);
      expect(await orderRoyalty(market, item1), `${kind} market order`).toBe(shownRate);
      expect(await orderRoyalty(listingsAddr, BigInt(signed.hash)), `${kind} signed order`).toBe(
        shownRate,
      );

      await measure(kind, 'market buy', 1n, PRICE, async () => {
        const item = await c.publicClient.readContract({
          address: market,
          abi: marketplaceAbi,
          functionName: 'getMarketItem',
          args: [item1],
        });
        const hash = priceHash(item.nftContract, item.tokenId, item.price);
        return send(c, 'bob', {
          address: market,
          abi: marketplaceAbi,
          functionName: 'createMarketSale',
          args: [item1, 1n, hash],
          value: PRICE,
        });
      });
      await measure(kind, 'signed buy', 2n, PRICE, () =>
        send(c, 'bob', {
          address: listingsAddr,
          abi: listingsAbi,
          functionName: 'buy',
          args: [signed.fill],
          value: PRICE,
        }),
      );
      // The sweep's two fills: the signed one (token 3) and the market one (token 4).
      const sweepReceipt = await send(c, 'bob', {
        address: listingsAddr,
        abi: listingsAbi,
        functionName: 'sweep',
        args: [
          [swept.fill],
          [
            {
              itemId: item4,
              amount: 1n,
              nftContract: nft[kind],
              erc1155: false,
              tokenId: 4n,
              coin: zeroAddress,
              price: PRICE,
            },
          ],
        ],
        value: 2n * PRICE,
      });
      {
        const b = sweepReceipt.blockNumber;
        const got = (await received(kind, b)) - (await received(kind, b - 1n));
        const want =
          (await expected(kind, 3n, PRICE, b - 1n)).amount +
          (await expected(kind, 4n, PRICE, b - 1n)).amount;
        expect(got, `${kind} sweep`).toBe(want);
        fills.push({
          kind,
          path: 'sweep',
          tx: sweepReceipt.transactionHash,
          tokenId: 3n,
          gross: PRICE,
        });
        fills.push({
          kind,
          path: 'sweep',
          tx: sweepReceipt.transactionHash,
          tokenId: 4n,
          gross: PRICE,
        });
      }

      const offerPrice = PRICE - 7n;
      const acceptPaths: [string, bigint, number, bigint, Hex[]][] = [];
      const trait = traitTree([7n, 9n]);
      acceptPaths.push(['item offer', 5n, OFFER_KIND.item, 5n, []]);
      acceptPaths.push(['collection offer', 6n, OFFER_KIND.collection, 0n, []]);
      acceptPaths.push(['trait offer', 7n, OFFER_KIND.trait, BigInt(trait.root), trait.proof(7n)]);
      for (const [path, tokenId, offerKind, identifier, proof] of acceptPaths) {
        const s = await storeSigned(c, db, 'bob', {
          collection: nft[kind],
          kind: offerKind as 0 | 1 | 2,
          erc1155: false,
          identifier,
          units: 1n,
          coin: wrapped,
          pricePerUnit: offerPrice,
          counter: 0n,
        });
        await measure(kind, path, tokenId, offerPrice, () =>
          send(c, 'alice', {
            address: offersAddr,
            abi: offersAbi,
            functionName: 'acceptOffer',
            args: [s.offer, s.signature, tokenId, 1n, proof],
          }),
        );
      }
    }
    await indexer.catchUp();

    // Every fill's royalty row is what the chain paid (none: no row), receiver included.
    for (const f of fills) {
      const rows = await db
        .select()
        .from(royaltyPayments)
        .where(
          and(
            eq(royaltyPayments.txHash, lower(f.tx)),
            eq(royaltyPayments.tokenId, f.tokenId.toString()),
          ),
        );
      const [block] = rows.length
        ? [BigInt(rows[0]!.blockNumber)]
        : [(await c.publicClient.getTransactionReceipt({ hash: f.tx })).blockNumber];
      const want = await expected(f.kind, f.tokenId, f.gross, block - 1n);
      const what = `${f.kind} ${f.path} token ${f.tokenId}`;
      if (want.amount === 0n) {
        expect(rows, what).toEqual([]);
      } else {
        expect(
          rows.map((r) => [r.receiver, r.royalty]),
          what,
        ).toEqual([[want.receiver, want.amount.toString()]]);
      }
    }
    expect(fills).toHaveLength(KINDS.length * 7);

    // The pages show the rule's figure and source.
    const app = await buildApp(chainServerContext(c, fresh.database));
    try {
      for (const kind of KINDS) {
        const [profile] = await db
          .select({ link: collectionProfiles.linkCollection })
          .from(collectionProfiles)
          .where(eq(collectionProfiles.contractAddr, lower(nft[kind])));
        const res = await app.inject({
          method: 'GET',
          url: `/v1/api/collections/link?linkCollection=${profile!.link}`,
        });
        const head = await c.publicClient.getBlockNumber();
        const want = await expected(kind, 1n, 10_000n, head);
        const view = royaltyRateOf(
          want.source === 'market'
            ? { rate: Number(want.amount), receiver: want.receiver ?? '' }
            : null,
          want.source === 'erc2981' ? { receiver: want.receiver!, amount: want.amount } : null,
        );
        const shown = {
          royalty: view.source === 'none' ? null : royaltyRateToPercent(view.rate),
          royaltyAddr: view.receiver,
          royaltySource: view.source,
        };
        expect(res.json().data, kind).toMatchObject(shown);
        // The item page's royalty line (and its buy dialog) read the same figure.
        const item = await app.inject({
          method: 'GET',
          url: `/v1/api/nftMeta/getDetail?contractAddr=${nft[kind]}&tokenId=1`,
        });
        expect(item.json().data.collectionsVO, `${kind} item`).toMatchObject(shown);
      }
    } finally {
      await app.close();
    }
  }, 300_000);
});
