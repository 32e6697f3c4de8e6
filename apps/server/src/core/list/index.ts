export * from './query';
export * from './paging';
export * from './excel';
export * from './xlsx-reader';
export * from './form';
export * from './table-list';
export * from './import-rows';
