export * from './messages.js';
export * from './profile.js';
export * from './price-range.js';
export * from './trade.js';
export * from './collection.js';
export * from './collection-messages.js';
export * from './catalogue.js';
export * from './config.js';
