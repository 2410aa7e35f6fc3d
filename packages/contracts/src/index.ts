export * from './errors.js';
export * from './api.js';
export * from './tools.js';
export * from './fileState.js';
export * from './pageRange.js';
export * from './limits.js';
export * from './toolRequests.js';
