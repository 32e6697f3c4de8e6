export * from './system';
export * from './monitor';
export * from './tool';
export * from './ai';
export * from './crm';
export * from './channel';
