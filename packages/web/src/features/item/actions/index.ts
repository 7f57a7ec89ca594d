// What the item page mounts: the trading panel and the per-listing buttons of its table.
export { ItemActions, type ItemActionsProps } from './ItemActions';
export { OrderActions } from './OrderActions';
