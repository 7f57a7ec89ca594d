// The Marketplace contract's events: its listings' facts, its sales and its settings.
import { MARKET_SETTING, lower, pushSale, str, type FactHandler } from '../../sync/fact-rows.js';

export const marketFacts: FactHandler<'market'> = (facts, e, pos) => {
  const base = { ...pos, marketAddr: e.address };
  const ev = e.event;
  switch (ev.eventName) {
    case 'MarketItemCreated':
      facts.market.push({
        ...base,
        kind: 'created',
        itemId: str(ev.args.itemId),
        contractAddr: lower(ev.args.nftContract),
        tokenId: str(ev.args.tokenId),
        seller: lower(ev.args.seller),
        coin: lower(ev.args.coin),
        price: str(ev.args.price),
        amount: str(ev.args.amount),
        leftAmount: str(ev.args.amount),
        code: ev.args.contractType,
      });
      break;
    case 'MarketItemSold': {
      const a = ev.args;
      pushSale(facts, pos, {
        marketAddr: e.address,
        itemId: str(a.itemId),
        orderId: str(a.itemId),
        collection: a.nftContract,
        tokenId: a.tokenId,
        seller: a.seller,
        buyer: a.buyer,
        coin: a.coin,
        price: a.price,
        amount: a.amount,
        leftAmount: a.leftAmount,
        fee: a.fee,
        royalty: a.royalty,
        royaltyReceiver: a.royaltyReceiver,
      });
      break;
    }
    case 'MarketItemCancelled':
      facts.market.push({
        ...base,
        kind: 'cancelled',
        itemId: str(ev.args.itemId),
        contractAddr: lower(ev.args.nftContract),
        tokenId: str(ev.args.tokenId),
        seller: lower(ev.args.seller),
        buyer: lower(ev.args.canceller),
        code: ev.args.status,
      });
      break;
    case 'MarketItemPriceChanged':
      facts.market.push({
        ...base,
        kind: 'price',
        itemId: str(ev.args.itemId),
        contractAddr: lower(ev.args.nftContract),
        tokenId: str(ev.args.tokenId),
        seller: lower(ev.args.seller),
        price: str(ev.args.newPrice),
        oldPrice: str(ev.args.oldPrice),
      });
      break;
    case 'RoyaltyRateSet':
      facts.market.push({
        ...base,
        kind: 'royaltyRate',
        contractAddr: lower(ev.args.nftContract),
        seller: lower(ev.args.setter),
        royaltyReceiver: lower(ev.args.receiver),
        price: str(ev.args.rate),
      });
      break;
    // Settings facts name the market as their contract; code 1 = allowed / paused.
    case 'CoinAllowed':
      facts.market.push({
        ...base,
        kind: MARKET_SETTING.coin,
        contractAddr: e.address,
        coin: lower(ev.args.coin),
        code: ev.args.allowed ? 1 : 0,
      });
      break;
    case 'Paused':
    case 'Unpaused':
      facts.market.push({
        ...base,
        kind: MARKET_SETTING.pause,
        contractAddr: e.address,
        code: ev.eventName === 'Paused' ? 1 : 0,
      });
      break;
  }
};
