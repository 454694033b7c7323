import type { ServiceIdentifier } from 'inversify';
import type { SlotContribution } from '../../kernel/contributions';
import { useInjection, useMultiInjection } from '../../react/container-context';
import { PermissionService } from '../../services/permission-service';

/**
 * A layout slot's contributions this user may see, in their `order`. Call from an observer so a
 * change of codes, or a plugin loaded later, shows at once.
 */
export function useSlotItems(token: ServiceIdentifier<SlotContribution>): SlotContribution[] {
  const permissions = useInjection(PermissionService);
  return useMultiInjection(token)
    .filter((item) => !item.requires || permissions.allows(item.requires))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}
