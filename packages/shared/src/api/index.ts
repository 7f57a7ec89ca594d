export type * from './market.js';
export type * from './item.js';
export type * from './collection.js';
export type * from './activity.js';
export type * from './search.js';
export type * from './primary.js';
export type * from './launchpad.js';
export type * from './content.js';
