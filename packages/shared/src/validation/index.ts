export * from './messages.js';
export * from './profile.js';
export * from './price-range.js';
