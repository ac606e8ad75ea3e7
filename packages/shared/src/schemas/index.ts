export * from './api-keys';
export * from './auth';
export * from './settings';
export * from './system';
