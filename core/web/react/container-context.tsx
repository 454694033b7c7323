import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Container, ServiceIdentifier } from 'inversify';

const ContainerContext = createContext<Container | null>(null);

export function ContainerProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

export function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useContainer needs a <ContainerProvider> above it');
  return container;
}

/** The bound instance of a service; stable for the life of the component. */
export function useInjection<T>(identifier: ServiceIdentifier<T>): T {
  const container = useContainer();
  return useMemo(() => container.get(identifier), [container, identifier]);
}

/**
 * Every binding of a contribution point. Read on each render, so contributions bound by a plugin
 * loaded later appear once the component re-renders (the plugin host's state is observable).
 */
export function useMultiInjection<T>(identifier: ServiceIdentifier<T>): T[] {
  const container = useContainer();
  return container.getAll(identifier, { optional: true });
}
