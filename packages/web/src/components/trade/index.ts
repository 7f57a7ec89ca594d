// Trading pieces shared by the item page, the offers, the cart and the account page (the
// transaction flow itself is lib/tx-flow).
export { TradeDialog, TradeSuccess, type TradeReview, type TradeSubmit } from './TradeDialog';
export { buttonClass, inputClass } from './classes';
export { CoinSelect } from './CoinSelect';
export { ForceCancelButton } from './ForceCancelButton';
export { OrderExtraProvider, useOrderExtra, type OrderExtra } from './OrderExtra';
