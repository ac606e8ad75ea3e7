export * from './constants';
export * from './error-codes';
export * from './paths';
export * from './permissions';
export * from './schemas';
