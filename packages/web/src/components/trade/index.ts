// Trading pieces shared by the item page, the offers, the cart and the account page (the
// transaction flow itself is lib/tx-flow). Code of a first visit (the top bar's cart, the
// marketplace's sweep) takes the class names from './classes': through this file the bundler
// keeps the dialog and with it the wallet flow in the first visit's chunks.
export { TradeDialog, TradeSuccess, type TradeReview, type TradeSubmit } from './TradeDialog';
export { buttonClass, inputClass } from './classes';
export { CoinSelect } from './CoinSelect';
export { ForceCancelButton } from './ForceCancelButton';
export { OrderExtraProvider, useOrderExtra, type OrderExtra } from './OrderExtra';
