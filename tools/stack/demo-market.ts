// A month of secondary-market life on the demo collections: listings in AIA and the stable coin
// (ERC1155 with partial amounts), purchases (full and partial), price changes, cancels, plain
// transfers and two force cancels, mined in blocks spread over the past 30 days so that the
// rankings (1d / 7d / 30d), the price charts and the activity lists have history.
import { decodeEventLog, parseEther, parseUnits, zeroAddress, type Address } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { priceHash } from '@aiamarket/contracts';
import { STABLE_COIN_DECIMALS } from '@aiamarket/shared';
import { gameItems1155Abi, gameItems721Abi, marketplaceAbi } from '@aiamarket/shared/abis';
import type { DemoChain, Sent } from './demo-chain.js';
import { tokenTraits, type DemoCollection } from './demo-collections.js';
import { pick, prng } from './demo-images.js';

export interface MarketCollection {
  spec: DemoCollection;
  address: Address;
}

interface Listing {
  itemId: bigint;
  coll: MarketCollection;
  tokenId: number;
  seller: number;
  left: number;
  price: bigint;
  coin: Address;
}

/** What the month produced (the seed's summary and its test read these). */
export interface MarketSummary {
  listings: number;
  purchases: number;
  priceChanges: number;
  cancels: number;
  transfers: number;
  forceCancels: number;
  activeListings: number;
}

const RARITY_FACTOR: Record<string, number> = { Common: 1, Rare: 1.6, Epic: 2.5, Legendary: 4 };
/** The stable coin is worth a tenth of an AIA in the demo. */
const STABLE_PER_AIA = 10;

/**
 * Who may take part in which trade. Accounts 1 and 2 keep what the launchpad journeys expect
 * (account 1: its four AIA Heroes and its stable-coin balance; account 2: its AIA Game Items);
 * account 0 deploys and receives fees, it does not trade.
 */
export function mayTrade(account: number, coll: DemoCollection, coin: Address | null): boolean {
  if (account === 0) return false;
  if (account === 1 && coll.deploymentName === 'GameItems721') return false;
  if (account === 2 && coll.deploymentName === 'GameItems1155') return false;
  if (account === 1 && coin !== null && coin !== zeroAddress) return false;
  return true;
}

/** The market simulation: holdings, listings and the transactions of each step. */
export class DemoMarket {
  private readonly owner721 = new Map<string, number>();
  private readonly balances = new Map<string, number>();
  /** Listings by item id, and by token + seller (one active listing per ERC1155 seller). */
  private readonly listings = new Map<bigint, Listing>();
  private readonly listedKeys = new Map<string, bigint>();
  /** Stable-coin budget per account (units), so no purchase can fail for lack of funds. */
  private readonly stable = new Map<number, number>();
  private readonly rand = prng('aiamarket-demo-market');
  readonly summary: MarketSummary = {
    listings: 0,
    purchases: 0,
    priceChanges: 0,
    cancels: 0,
    transfers: 0,
    forceCancels: 0,
    activeListings: 0,
  };

  constructor(
    private readonly chain: DemoChain,
    private readonly accounts: PrivateKeyAccount[],
    private readonly market: Address,
    private readonly stableCoin: Address,
    private readonly collections: MarketCollection[],
    stableBudget: number,
  ) {
    for (let i = 1; i < accounts.length; i++) this.stable.set(i, stableBudget);
  }

  private key(c: MarketCollection, tokenId: number, account?: number) {
    return c.spec.type === 'ERC721'
      ? `${c.address}:${tokenId}`
      : `${c.address}:${tokenId}:${account}`;
  }

  /** Records minted tokens (the seed mints before the month starts). */
  recordMint(c: MarketCollection, account: number, tokenId: number, amount: number) {
    if (c.spec.type === 'ERC721') this.owner721.set(this.key(c, tokenId), account);
    else {
      const k = this.key(c, tokenId, account);
      this.balances.set(k, (this.balances.get(k) ?? 0) + amount);
    }
  }

  private held(c: MarketCollection, tokenId: number, account: number): number {
    if (c.spec.type === 'ERC721')
      return this.owner721.get(this.key(c, tokenId)) === account ? 1 : 0;
    return this.balances.get(this.key(c, tokenId, account)) ?? 0;
  }

  private move(c: MarketCollection, tokenId: number, from: number, to: number, amount: number) {
    if (c.spec.type === 'ERC721') {
      this.owner721.set(this.key(c, tokenId), to);
      return;
    }
    const fk = this.key(c, tokenId, from);
    this.balances.set(fk, (this.balances.get(fk) ?? 0) - amount);
    const tk = this.key(c, tokenId, to);
    this.balances.set(tk, (this.balances.get(tk) ?? 0) + amount);
  }

  /** Unit price of a token in a coin, around the collection's floor, rising over the month. */
  private price(c: MarketCollection, tokenId: number, coin: Address, progress: number): bigint {
    const rarity = tokenTraits(c.spec, tokenId).find((t) => t.trait_type === 'Rarity')?.value;
    const factor = (RARITY_FACTOR[rarity ?? 'Common'] ?? 1) * (0.8 + this.rand() * 1.2);
    const aia = c.spec.floor * factor * (0.85 + 0.4 * progress);
    if (coin === zeroAddress) return parseEther(Math.max(0.001, aia).toFixed(3));
    return parseUnits(Math.max(0.01, aia * STABLE_PER_AIA).toFixed(2), STABLE_COIN_DECIMALS);
  }

  private stableUnits(price: bigint) {
    return Number(price) / 10 ** STABLE_COIN_DECIMALS;
  }

  /** Tokens an account holds and has not listed (ERC721 ids, or ERC1155 id with amount). */
  private unlisted(account: number) {
    const out: { c: MarketCollection; tokenId: number; amount: number }[] = [];
    for (const c of this.collections) {
      if (!mayTrade(account, c.spec, null)) continue;
      for (let id = c.spec.firstId; id < c.spec.firstId + c.spec.supply; id++) {
        const amount = this.held(c, id, account);
        if (amount > 0 && !this.listedKeys.has(this.key(c, id, account))) {
          out.push({ c, tokenId: id, amount });
        }
      }
    }
    return out;
  }

  /**
   * Queues one step's transactions and mines them at `timestamp`. `progress` (0..1) is how far
   * into the month the step is; it raises prices and the number of purchases.
   */
  async step(
    timestamp: number,
    progress: number,
    opts: { listings: number; purchases: number; extras: boolean; forceCancel?: boolean },
  ): Promise<void> {
    const rand = this.rand;
    const locked = new Set<string>();
    const traders = this.accounts.map((_, i) => i).filter((i) => i > 0);

    // Purchases of listings from earlier steps.
    const open = [...this.listings.values()];
    for (let n = 0; n < opts.purchases && open.length > 0; n++) {
      const l = open.splice(Math.floor(rand() * open.length), 1)[0]!;
      const buyers = traders.filter(
        (b) =>
          b !== l.seller &&
          mayTrade(b, l.coll.spec, l.coin) &&
          !locked.has(this.key(l.coll, l.tokenId, b)),
      );
      if (buyers.length === 0) continue;
      const buyer = pick(rand, buyers);
      const amount =
        l.coll.spec.type === 'ERC721' || rand() < 0.4 ? l.left : 1 + Math.floor(rand() * l.left);
      const gross = l.price * BigInt(amount);
      if (l.coin !== zeroAddress) {
        const budget = this.stable.get(buyer) ?? 0;
        if (budget < this.stableUnits(gross)) continue;
        this.stable.set(buyer, budget - this.stableUnits(gross));
        this.stable.set(l.seller, (this.stable.get(l.seller) ?? 0) + this.stableUnits(gross) * 0.8);
      }
      await this.chain.call(this.accounts[buyer]!, {
        address: this.market,
        abi: marketplaceAbi,
        functionName: 'createMarketSale',
        args: [l.itemId, BigInt(amount), priceHash(l.coll.address, BigInt(l.tokenId), l.price)],
        value: l.coin === zeroAddress ? gross : 0n,
        gas: 400_000n,
      });
      this.move(l.coll, l.tokenId, l.seller, buyer, amount);
      locked.add(this.key(l.coll, l.tokenId, l.seller));
      locked.add(this.key(l.coll, l.tokenId, buyer));
      l.left -= amount;
      if (l.left === 0) this.unlist(l);
      this.summary.purchases++;
    }

    // Price changes, cancels and transfers, now and then.
    if (opts.extras) {
      const rest = [...this.listings.values()].filter(
        (l) => !locked.has(this.key(l.coll, l.tokenId, l.seller)),
      );
      if (rest.length > 2 && rand() < 0.6) {
        const l = rest.splice(Math.floor(rand() * rest.length), 1)[0]!;
        const newPrice = (l.price * BigInt(rand() < 0.5 ? 85 : 115)) / 100n;
        await this.chain.call(this.accounts[l.seller]!, {
          address: this.market,
          abi: marketplaceAbi,
          functionName: 'modifyPrice',
          args: [l.itemId, newPrice],
          gas: 120_000n,
        });
        l.price = newPrice;
        locked.add(this.key(l.coll, l.tokenId, l.seller));
        this.summary.priceChanges++;
      }
      if (rest.length > 2 && rand() < 0.45) {
        const l = rest.splice(Math.floor(rand() * rest.length), 1)[0]!;
        await this.chain.call(this.accounts[l.seller]!, {
          address: this.market,
          abi: marketplaceAbi,
          functionName: 'cancelMarketItem',
          args: [l.itemId],
          gas: 120_000n,
        });
        this.unlist(l);
        locked.add(this.key(l.coll, l.tokenId, l.seller));
        this.summary.cancels++;
      }
      if (rand() < 0.35) await this.transferOne(locked, traders);
    }
    if (opts.forceCancel) await this.forceCancel(locked, traders);

    // New listings.
    const pending: { sent: Sent; listing: Omit<Listing, 'itemId'> }[] = [];
    for (let n = 0, tries = 0; n < opts.listings && tries < opts.listings * 4; tries++) {
      const seller = pick(rand, traders);
      const candidates = this.unlisted(seller).filter(
        (t) => !locked.has(this.key(t.c, t.tokenId, seller)),
      );
      if (candidates.length === 0) continue;
      const t = pick(rand, candidates);
      const coin = seller === 1 || rand() < 0.6 ? zeroAddress : this.stableCoin;
      if (!mayTrade(seller, t.c.spec, coin)) continue;
      const amount =
        t.c.spec.type === 'ERC721' ? 1 : 1 + Math.floor(rand() * Math.min(5, t.amount));
      const price = this.price(t.c, t.tokenId, coin, progress);
      const sent = await this.chain.call(this.accounts[seller]!, {
        address: this.market,
        abi: marketplaceAbi,
        functionName: 'createMarketItem',
        args: [t.c.address, BigInt(t.tokenId), BigInt(amount), price, coin],
        gas: 350_000n,
      });
      locked.add(this.key(t.c, t.tokenId, seller));
      this.listedKeys.set(this.key(t.c, t.tokenId, seller), 0n);
      pending.push({
        sent,
        listing: { coll: t.c, tokenId: t.tokenId, seller, left: amount, price, coin },
      });
      n++;
    }

    await this.chain.mine(timestamp);

    for (const p of pending) {
      const itemId = createdItemId(p.sent);
      const listing = { ...p.listing, itemId };
      this.listings.set(itemId, listing);
      this.listedKeys.set(this.key(listing.coll, listing.tokenId, listing.seller), itemId);
      this.summary.listings++;
    }
    this.summary.activeListings = this.listings.size;
  }

  private unlist(l: Listing) {
    this.listings.delete(l.itemId);
    this.listedKeys.delete(this.key(l.coll, l.tokenId, l.seller));
  }

  /** A plain transfer of an unlisted token between two traders. */
  private async transferOne(locked: Set<string>, traders: number[]) {
    const from = pick(this.rand, traders);
    const items = this.unlisted(from).filter((t) => !locked.has(this.key(t.c, t.tokenId, from)));
    if (items.length === 0) return;
    const t = pick(this.rand, items);
    const to = pick(
      this.rand,
      traders.filter((x) => x !== from && mayTrade(x, t.c.spec, null)),
    );
    await this.sendToken(t.c, t.tokenId, from, to, 1);
    locked.add(this.key(t.c, t.tokenId, from));
    locked.add(this.key(t.c, t.tokenId, to));
    this.summary.transfers++;
  }

  /** The seller gives a listed ERC721 away: its listing can no longer be bought (force cancel). */
  private async forceCancel(locked: Set<string>, traders: number[]) {
    const l = [...this.listings.values()].find(
      (x) => x.coll.spec.type === 'ERC721' && !locked.has(this.key(x.coll, x.tokenId, x.seller)),
    );
    if (!l) return;
    const to = pick(
      this.rand,
      traders.filter((x) => x !== l.seller && mayTrade(x, l.coll.spec, null)),
    );
    await this.sendToken(l.coll, l.tokenId, l.seller, to, 1);
    this.unlist(l);
    locked.add(this.key(l.coll, l.tokenId, to));
    this.summary.transfers++;
    this.summary.forceCancels++;
  }

  private async sendToken(
    c: MarketCollection,
    tokenId: number,
    from: number,
    to: number,
    amount: number,
  ) {
    const account = this.accounts[from]!;
    const toAddr = this.accounts[to]!.address;
    if (c.spec.type === 'ERC721') {
      await this.chain.call(account, {
        address: c.address,
        abi: gameItems721Abi,
        functionName: 'transferFrom',
        args: [account.address, toAddr, BigInt(tokenId)],
        gas: 120_000n,
      });
    } else {
      await this.chain.call(account, {
        address: c.address,
        abi: gameItems1155Abi,
        functionName: 'safeTransferFrom',
        args: [account.address, toAddr, BigInt(tokenId), BigInt(amount), '0x'],
        gas: 120_000n,
      });
    }
    this.move(c, tokenId, from, to, amount);
  }
}

/** The item id of a mined createMarketItem (its MarketItemCreated log). */
function createdItemId(sent: Sent): bigint {
  for (const log of sent.receipt?.logs ?? []) {
    try {
      const event = decodeEventLog({ abi: marketplaceAbi, data: log.data, topics: log.topics });
      if (event.eventName === 'MarketItemCreated') return event.args.itemId;
    } catch {
      // another contract's log
    }
  }
  throw new Error(`no MarketItemCreated in ${sent.label}`);
}
