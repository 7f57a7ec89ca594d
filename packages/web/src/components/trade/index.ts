// Trading pieces shared by the item page and the account page.
export { TradeDialog, buttonClass, inputClass } from './TradeDialog';
export { TxStatus } from './TxStatus';
export { useTxFlow, type TxAction, type TxPhase, type TxState } from './useTxFlow';
export { ForceCancelButton } from './ForceCancelButton';
