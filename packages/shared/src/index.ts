export * from './codes';
export * from './constants';
export * from './password';
export * from './ai';
export * from './ai-render';
export * from './ai-variable';
export * from './rich-text';
export * from './public-pages';
