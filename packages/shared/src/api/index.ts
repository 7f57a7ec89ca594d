export type * from './market.js';
export type * from './item.js';
export type * from './collection.js';
export type * from './activity.js';
export type * from './search.js';
