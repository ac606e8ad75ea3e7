export * from './constants';
export * from './error-codes';
export * from './media-type';
export * from './paths';
export * from './permissions';
export * from './schemas';
export * from './thumbnails';
