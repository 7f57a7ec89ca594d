// Derivation, after orders and signed listings: what of it can be filled now. A listing that is
// listed on its own (status 0, hold 0) is held back (status 3 with its reason in `hold`) when the
// market refuses its coin or is paused (the market's CoinAllowed / Paused / Unpaused facts; the
// Offers and Listings contracts copy these settings), or when the seller's cheaper listings of the
// same token, market and signed ones together, already take every unit the seller holds. Open
// offers get the same market hold (`offers.market_hold`). Only rows whose hold changes are written,
// so an unchanged key gives no change-feed event.
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_HOLD, ORDER_STATUS } from '@aiamarket/shared';
import type { Tx } from '../../db/database.js';
import { chunks, rowsOf, valuesOf, KEYS_PER_STATEMENT } from '../../db/bulk.js';
import { MARKET_SETTING } from '../sync/fact-rows.js';
import { PAUSE_KEY, split } from './keys.js';

const code = (n: number) => sql.raw(String(n));
/** A settings kind as a constant (not a parameter): the partial index of migration 0026 needs it. */
const kind = (k: string) => sql.raw(`'${k}'`);

/** The market is paused: its latest pause fact says so (none: not paused). */
const pausedNow = (chainId: number) => sql`coalesce((
  select e.code = 1 from market_events e
  where e.chain_id = ${chainId} and e.kind = ${kind(MARKET_SETTING.pause)}
  order by e.block_number desc, e.log_index desc limit 1), false)`;

/**
 * The coin (SQL of an address) is refused: its latest allow-list fact says so. A coin with no
 * fact is not refused (a start block after the market's deployment has not seen its set-up).
 */
const coinRefused = (chainId: number, coin: SQL) => sql`coalesce((
  select e.code = 0 from market_events e
  where e.chain_id = ${chainId} and e.kind = ${kind(MARKET_SETTING.coin)} and e.coin = ${coin}
  order by e.block_number desc, e.log_index desc limit 1), false)`;

/** The market hold of a row in scope (a coin column given), as SQL of ORDER_HOLD. */
const marketHold = (chainId: number, coin: SQL) => sql`(case
  when ${pausedNow(chainId)} then ${code(ORDER_HOLD.paused)}
  when ${coinRefused(chainId, coin)} then ${code(ORDER_HOLD.coin)}
  else ${code(ORDER_HOLD.none)} end)`;

/**
 * Orders that are listed on their own: the ones this derivation decides about. Orders of a
 * replaced Listings contract (hold retired, retired.ts) never come back and take no units.
 */
const settled = sql`o.chain_status = ${code(ORDER_STATUS.listed)}
  and (o.status = ${code(ORDER_STATUS.listed)} or o.hold <> ${code(ORDER_HOLD.none)})
  and o.hold <> ${code(ORDER_HOLD.retired)}`;

/**
 * Settles the listings of the given contract|tokenId|seller keys (every listing of such a key,
 * both kinds) and of every key the moved `settings` reach (a coin: its listings; PAUSE_KEY: all),
 * and adds the collections of the rows it changed to `stats`. Units: the seller's listings of a
 * token, cheapest first (reference price, then coin price, then order id), are shown while their
 * units left add up to at most what the seller holds (when the holding is known: collection
 * registered and back-filled); the rest are held back. Listings held back by the market do not
 * count.
 */
export async function settleOrders(
  tx: Tx,
  chainId: number,
  sellers: ReadonlySet<string>,
  settings: ReadonlySet<string>,
  stats: Set<string>,
) {
  const coins = [...settings].filter((k) => k !== PAUSE_KEY);
  const bySettings: SQL[] = [];
  if (settings.has(PAUSE_KEY)) bySettings.push(sql`true`);
  if (coins.length > 0)
    bySettings.push(
      sql`o.money_addr in (${sql.join(
        coins.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
  const parts: SQL[] = chunks([...sellers], KEYS_PER_STATEMENT).map(
    (part) =>
      sql`(o.contract_addr, o.token_id, o.owner_addr) in ${valuesOf(part.map(split), [
        'varchar',
        'numeric',
        'varchar',
      ])}`,
  );
  if (bySettings.length > 0) parts.push(sql.join(bySettings, sql` or `));
  for (const reach of parts) {
    const changed = rowsOf<{ c: string }>(
      await tx.execute(sql`
        with k as (
          select distinct o.contract_addr as c, o.token_id as t, o.owner_addr as s from orders o
          where o.chain_id = ${chainId} and ${settled} and (${reach})
        ),
        m as (
          select o.market_addr, o.order_id, o.contract_addr, o.token_id, o.owner_addr,
                 o.left_amount, o.price_ref, o.price_value,
                 ${marketHold(chainId, sql`o.money_addr`)} as base
          from orders o join k on o.contract_addr = k.c and o.token_id = k.t and o.owner_addr = k.s
          where o.chain_id = ${chainId} and ${settled}
        ),
        r as (
          select m.*, sum(case when m.base = 0 then m.left_amount else 0 end) over (
                   partition by m.contract_addr, m.token_id, m.owner_addr
                   order by m.price_ref asc nulls last, m.price_value asc, m.order_id asc
                   rows between unbounded preceding and current row) as upto
          from m
        ),
        n as (
          select r.market_addr, r.order_id, (case
                   when r.base <> 0 then r.base
                   when c.address is not null and c.synced_block is null
                     and r.upto > coalesce(h.amount, 0) then ${code(ORDER_HOLD.units)}
                   else ${code(ORDER_HOLD.none)} end)::smallint as hold
          from r
          left join holdings h on h.chain_id = ${chainId} and h.contract_addr = r.contract_addr
            and h.token_id = r.token_id and h.owner_addr = r.owner_addr
          left join collections c on c.chain_id = ${chainId} and c.address = r.contract_addr
        )
        update orders o set
          hold = n.hold,
          status = case when n.hold = 0 then ${code(ORDER_STATUS.listed)}
                        else ${code(ORDER_STATUS.forceCancel)} end
        from n
        where o.chain_id = ${chainId} and o.market_addr = n.market_addr
          and o.order_id = n.order_id and o.hold <> n.hold
        returning o.contract_addr as c`),
    );
    for (const r of changed) stats.add(r.c);
  }
}

/**
 * Sets the market hold of the open offers the moved `settings` reach (a coin: its offers;
 * PAUSE_KEY: all) and of offers the indexer has not looked at yet (stored since); offers of a
 * replaced Offers contract keep their retired hold.
 */
export async function settleOffers(tx: Tx, chainId: number, settings: ReadonlySet<string>) {
  const coins = [...settings].filter((k) => k !== PAUSE_KEY);
  const reach: SQL[] = [sql`o.state_block is null`];
  if (settings.has(PAUSE_KEY)) reach.push(sql`true`);
  if (coins.length > 0)
    reach.push(
      sql`o.coin in (${sql.join(
        coins.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
  await tx.execute(sql`
    update offers o set market_hold = x.hold
    from (
      select o.order_hash, ${marketHold(chainId, sql`o.coin`)}::smallint as hold from offers o
      where o.chain_id = ${chainId} and o.market_hold <> ${code(ORDER_HOLD.retired)}
        and (${sql.join(reach, sql` or `)})
    ) x
    where o.chain_id = ${chainId} and o.order_hash = x.order_hash and o.market_hold <> x.hold`);
}
