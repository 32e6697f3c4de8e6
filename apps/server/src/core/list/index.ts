export * from './query';
export * from './paging';
export * from './excel';
