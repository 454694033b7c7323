export * from './refs';
export * from './service-graph';
export * from './service-registry';
export * from './legacy-services';
export * from './published';
