// The one flow of every chain action (trading, offers, launchpad, collection edit): the hook that
// runs an action's steps and the status block that shows them.
export {
  useTxFlow,
  txErrorMessage,
  type TxAction,
  type TxFlow,
  type TxOutcome,
  type TxPhase,
  type TxReporter,
  type TxState,
  type TxStepRecord,
  type TxErrorText,
} from './useTxFlow';
export { TxStatus } from './TxStatus';
