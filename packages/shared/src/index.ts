export * from './codes';
export * from './constants';
