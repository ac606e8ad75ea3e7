export * from './api-keys';
export * from './auth';
export * from './files';
export * from './pastes';
export * from './settings';
export * from './slug';
export * from './storage';
export * from './system';
