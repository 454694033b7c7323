import { useMemo } from 'react';
import { PermissionCatalogue } from '@core/shared/permission-catalogue';
import { useInjection } from '../react/container-context';
import { PluginHost } from './plugin-host';

/** The catalogue of the enabled plugins' codes, as the server seeded it. */
export function usePermissionCatalogue(): PermissionCatalogue {
  const host = useInjection(PluginHost);
  return useMemo(() => new PermissionCatalogue(host.manifests), [host]);
}
