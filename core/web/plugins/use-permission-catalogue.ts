import { useMemo } from 'react';
import { PermissionCatalogue } from '@core/shared/permission-catalogue';
import { useInjection } from '../react/container-context';
import { PluginHost } from './plugin-host';

/** The catalogue of the enabled plugins' codes (and the reserved spec ones), as the server seeded it. */
export function usePermissionCatalogue(): PermissionCatalogue {
  const host = useInjection(PluginHost);
  return useMemo(() => new PermissionCatalogue(host.manifests), [host]);
}
