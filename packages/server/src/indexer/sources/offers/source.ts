// Signed offers and the coins they pay with: the Offers contract's facts, the offerers' funds
// read before each main range, the offers stored while the chain is idle, their rollback. The
// wrapped AIA (the coin of offers made in AIA) is pegged to AIA once per process.
import { erc20Abi, type Address } from 'viem';
import { pegWrappedAia } from '../coins/rates.js';
import type { SourceFactory } from '../source.js';
import { writeNewOffers } from './new-offers.js';
import { fundsToRead, offerCoins, readFunds, rollbackOffers, writeOffers } from './offers.js';

export const offersSource: SourceFactory = ({ db, chain, chainId, deployment, reads }) => {
  const offers = deployment.contracts.Offers?.address.toLowerCase() ?? null;
  const wrappedAia = deployment.contracts.WrappedAIA?.address.toLowerCase() ?? null;
  return {
    name: 'offers',
    async seed() {
      if (!wrappedAia) return;
      const coin = wrappedAia as Address;
      const [symbol, decimals] = await Promise.all([
        chain.readContract({ address: coin, abi: erc20Abi, functionName: 'symbol' }),
        reads.coinDecimals(coin),
      ]);
      await pegWrappedAia(db, chainId, coin, { symbol, decimals });
    },
    async follow(role) {
      if (!offers) return;
      role(offers).offers = true;
      // Every coin a stored offer pays with, and the wrapped AIA: their moves change funding.
      const coins = await offerCoins(db, chainId, offers);
      if (wrappedAia) coins.push(wrappedAia);
      for (const coin of coins) role(coin).coin = true;
    },
    // Offers follow the main ranges only (a back-fill reads one collection's logs).
    async prepare({ facts, block, main }) {
      if (!main) return null;
      // The offerers' funds the range moved (and those of offers not looked at yet), read at its
      // last block before the transaction: the range writes them with its facts.
      const funds = offers
        ? {
            offersAddr: offers,
            blockNumber: block,
            reads: await readFunds(
              chain,
              offers,
              await fundsToRead(db, chainId, offers, facts.funds),
              block,
            ),
          }
        : undefined;
      return {
        label: 'write: offers',
        write: (tx) => writeOffers(tx, chainId, facts.offers, funds, block),
      };
    },
    rollback: (tx, fork) => rollbackOffers(tx, chainId, fork),
    /**
     * Offers the API stored since the last range, while no new block comes: their funds are read
     * at the cursor's block (the facts up to it are all written), so a quiet chain does not leave
     * them unchecked until its next block.
     */
    async poll(cursor) {
      if (!offers) return;
      const pairs = await fundsToRead(db, chainId, offers, []);
      if (pairs.length === 0) return;
      const funds = await readFunds(chain, offers, pairs, cursor.number);
      await writeNewOffers(db, chainId, cursor, {
        offersAddr: offers,
        blockNumber: cursor.number,
        reads: funds,
      });
    },
  };
};
