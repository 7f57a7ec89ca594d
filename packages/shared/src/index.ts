export * from './constants.js';
export * from './chains.js';
export * from './activity.js';
export * from './errors.js';
export * from './format.js';
export * from './deployments.js';
