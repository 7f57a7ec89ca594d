// What the item page mounts: the trading panel and the per-listing buttons of its table.
export { TradePanel, type TradePanelProps } from './TradePanel';
export { OrderActions, useOrderModal } from './OrderActions';
