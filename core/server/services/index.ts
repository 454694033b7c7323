export * from './refs';
export * from './service-graph';
export * from './service-registry';
