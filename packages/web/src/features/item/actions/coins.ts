// The market's coins are read in lib/chain (listings and offers share them).
export {
  loadMarketCoins as loadListingCoins,
  type MarketCoin as ListingCoin,
} from '../../../lib/chain/coins';
