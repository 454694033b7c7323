import { useEffect } from 'react';
import type { ServiceIdentifier } from 'inversify';
import { offeredSlotRequirement, type SlotId } from '@core/shared/manifest';
import type { SlotContribution } from '../../kernel/contributions';
import { PluginHost } from '../../plugins/plugin-host';
import { useInjection, useMultiInjection } from '../../react/container-context';
import { PermissionService } from '../../services/permission-service';
import { guardedSlotItem } from './guarded-slot-item';

/** Whether this user may see what fills `slot` at all: the offering plugin's codes for it, when it set any. */
function slotOpen(host: PluginHost, permissions: PermissionService, slot: SlotId): boolean {
  const requirement = offeredSlotRequirement(host.manifests, slot);
  return requirement === undefined || permissions.allows(requirement);
}

/**
 * The enabled plugins that fill `slot` for this user (their manifest declares it, and they hold its
 * codes and the offering plugin's).
 */
function slotPlugins(host: PluginHost, permissions: PermissionService, slot: SlotId): string[] {
  if (!slotOpen(host, permissions, slot)) return [];
  return host.manifests
    .filter((manifest) => {
      const requirement = manifest.slots?.[slot];
      return requirement !== undefined && permissions.allows(requirement);
    })
    .map((manifest) => manifest.id);
}

/**
 * A slot's contributions this user may see, in their `order`: a core layout slot, or one a plugin
 * offers (`slotToken`; nothing unless the user holds the codes the offering manifest sets for it).
 * Plugins whose manifest declares the slot (and whose codes the user holds) are loaded on first use. Each item's component
 * draws inside its plugin's error boundary: one that throws leaves a notice naming the plugin, and
 * the rest of the page works on. Call from an observer so a change of codes, or a plugin that
 * finishes loading, shows at once.
 */
export function useSlotItems<Props extends object = object>(
  token: ServiceIdentifier<SlotContribution<Props>>,
  slot: SlotId,
): SlotContribution<Props>[] {
  const permissions = useInjection(PermissionService);
  const host = useInjection(PluginHost);
  const wanted = slotPlugins(host, permissions, slot);
  const key = wanted.join(',');
  // Reading the states subscribes the observer, so it re-renders when a plugin's bindings arrive.
  const states = wanted.map((id) => host.state(id)).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `states` is the trigger: a plugin that changed state is ensured again.
  useEffect(() => {
    for (const id of key ? key.split(',') : []) void host.ensureLoaded(id);
  }, [host, key, states]);
  const open = slotOpen(host, permissions, slot);
  return useMultiInjection(token)
    .map((item) => ({ item, owner: host.ownerOf(item) }))
    .filter(
      ({ item, owner }) =>
        open && ownerAllows(host, permissions, owner, slot) && (!item.requires || permissions.allows(item.requires)),
    )
    .sort((a, b) => (a.item.order ?? 0) - (b.item.order ?? 0))
    .map(({ item, owner }) => guardedSlotItem(item, owner));
}

/**
 * Whether the codes the item's plugin names for `slot` in its manifest allow this user: its code may
 * have loaded for another reason (one of its pages was opened), and its items still show only to them.
 */
function ownerAllows(
  host: PluginHost,
  permissions: PermissionService,
  owner: string | undefined,
  slot: SlotId,
): boolean {
  const requirement = host.manifests.find((manifest) => manifest.id === owner)?.slots?.[slot];
  return requirement === undefined || permissions.allows(requirement);
}

/** Whether every plugin filling `slot` for this user has loaded (or failed to): until then the slot may still grow. */
export function useSlotSettled(slot: SlotId): boolean {
  const permissions = useInjection(PermissionService);
  const host = useInjection(PluginHost);
  return slotPlugins(host, permissions, slot).every((id) => host.state(id) === 'loaded' || host.state(id) === 'failed');
}
