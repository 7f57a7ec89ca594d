export * from './messages.js';
export * from './profile.js';
