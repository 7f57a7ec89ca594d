// Trading pieces shared by the item page and the account page (the transaction flow itself is
// lib/tx-flow).
export { TradeDialog, buttonClass, inputClass } from './TradeDialog';
export { ForceCancelButton } from './ForceCancelButton';
export { OrderExtraProvider, useOrderExtra, type OrderExtra } from './OrderExtra';
