export * from './text.js';
export * from './input.js';
