// The payment coins as a source: each sale of a range is priced at its coin's rate at its block
// (its price feed's answer there when the coin has one, else the rate in force in the history),
// read before the range's transaction; a main range also reads each feed's latest answer, which
// the coin's listings follow. A later rate moves no history.
import { coinFeedsOf, rateAt, rateHistory, readFeeds, applyLatestFeedRates } from './rates.js';
import type { SourceFactory } from '../source.js';
import { uniq } from '../../derive/keys.js';

export const coinsSource: SourceFactory = ({ db, chain, chainId, log }) => ({
  name: 'coins',
  async prepare({ facts, block, blockTime }) {
    const sales = facts.market.filter((m) => m.kind === 'sold' && m.coin);
    const feeds = await readFeeds(
      chain,
      await coinFeedsOf(db, chainId),
      sales,
      blockTime ? { blockNumber: block, time: blockTime } : null,
      log,
    );
    if (sales.length > 0) {
      const history = await rateHistory(db, chainId, uniq(sales.map((m) => m.coin!)));
      for (const m of sales) {
        m.refRate =
          feeds.atBlock.get(`${m.coin}|${m.blockNumber}`) ??
          rateAt(history.get(m.coin!), m.coin!, m.blockTime);
      }
    }
    if (feeds.latest.length === 0) return null;
    return {
      label: 'write: feed rates',
      async touch(tx, touched) {
        for (const c of await applyLatestFeedRates(tx, chainId, feeds.latest)) touched.stats.add(c);
      },
    };
  },
});
