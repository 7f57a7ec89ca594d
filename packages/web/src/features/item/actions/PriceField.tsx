// The price box is shared with the offers' dialogs: it lives in components/trade.
export {
  ABOVE_ZERO,
  PriceField,
  usePriceEntry,
  useRuleText,
} from '../../../components/trade/PriceField';
