// The confirm step is shared with the account page's bulk listing: it lives in components/trade.
export { PriceConfirmStep } from '../../../components/trade/PriceConfirmStep';
