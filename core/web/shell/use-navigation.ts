import { useTranslation } from 'react-i18next';
import { PluginHost } from '../plugins/plugin-host';
import { sidebarGroups, type SidebarGroup } from '../plugins/navigation';
import { useInjection } from '../react/container-context';
import { PermissionService } from '../services/permission-service';

/**
 * The sidebar groups this user may open, with every enabled plugin's namespace loaded so the
 * labels are translated (suspends until they are). Call from an observer component.
 */
export function useNavigation(): SidebarGroup[] {
  const host = useInjection(PluginHost);
  const permissions = useInjection(PermissionService);
  useTranslation(host.namespaces);
  return sidebarGroups(host.manifests, (requirement) => permissions.allows(requirement));
}
