import type { Container, ServiceIdentifier } from 'inversify';

/** The container itself, for the few kernel services that read contributions lazily. */
export const KernelContainer: ServiceIdentifier<Container> = Symbol.for('erp.KernelContainer');
