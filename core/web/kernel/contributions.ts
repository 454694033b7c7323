import type { ComponentType } from 'react';
import type { ServiceIdentifier } from 'inversify';
import type { Language } from '@core/shared/runtime-config';
import type { PermissionRequirement } from '@core/shared/permissions';
import type { ResourceScreenOptions } from '../resource/types';

/**
 * Contribution points (Theia style): a token and an interface. A plugin contributes by binding
 * to the token in its ContainerModule; the consumer multi-injects every binding.
 */

/** The component for one of the pages the plugin's manifest declares. */
export interface RouteContribution {
  readonly path: string;
  readonly component: ComponentType;
  /**
   * A list screen's options (`resourceRoute` sets them; a page of the plugin's own that draws
   * `ResourcePage` may give the same ones here): the host's record page of the resource the page
   * lists takes them too (form, row actions and their runners, `changeable`).
   */
  readonly options?: ResourceScreenOptions;
}
export const RouteContributionToken: ServiceIdentifier<RouteContribution> = Symbol.for('erp.RouteContribution');

export type TranslationBundle = Readonly<Record<string, unknown>>;

/** One i18n namespace in every language, loaded on first use. */
export interface TranslationContribution {
  readonly namespace: string;
  load(language: Language): Promise<TranslationBundle>;
}
export const TranslationContributionToken: ServiceIdentifier<TranslationContribution> =
  Symbol.for('erp.TranslationContribution');

/** Something placed into a named area of the layout. */
export interface SlotContribution<Props = object> {
  readonly id: string;
  readonly component: ComponentType<Props>;
  readonly order?: number;
  /** Hidden from users who lack these codes. */
  readonly requires?: PermissionRequirement;
}

/**
 * The token of a slot a plugin offers (`manifest.offersSlots`, `<plugin id>.<name>`): the offering
 * plugin renders `useSlotItems(slotToken<Props>(id), id)` where the slot is, and a plugin filling it
 * binds a `SlotContribution<Props>` to the same token and names the slot in its manifest's `slots`.
 * `Props` is the type the offering manifest names in `props`, exported from that plugin's `shared/`;
 * a record page's sections (`recordSectionSlot(resource)`) receive `RecordSectionProps`.
 */
export function slotToken<Props = object>(slot: string): ServiceIdentifier<SlotContribution<Props>> {
  return Symbol.for(`erp.slot.${slot}`);
}

export const TopBarItemToken: ServiceIdentifier<SlotContribution> = Symbol.for('erp.TopBarItem');
/** A dashboard card; its `id` is what the user's saved layout (order, hidden) names. */
export interface DashboardWidgetContribution extends SlotContribution {
  /** The widget's name in the dashboard's "Customize" list (the id when absent). */
  readonly titleKey?: string;
  /** Grid columns the card spans where the dashboard has room for them (a table: 2); 1 when absent. */
  readonly span?: 1 | 2;
}
export const DashboardWidgetToken: ServiceIdentifier<DashboardWidgetContribution> = Symbol.for('erp.DashboardWidget');
export const ProfileMenuItemToken: ServiceIdentifier<SlotContribution> = Symbol.for('erp.ProfileMenuItem');

export interface UserDetailTabProps {
  readonly userId: number;
}
/** A tab of the admin user detail; `id` is also the child route (e.g. `employee-tab`). */
export interface UserDetailTabContribution extends SlotContribution<UserDetailTabProps> {
  readonly labelKey: string;
}
export const UserDetailTabToken: ServiceIdentifier<UserDetailTabContribution> = Symbol.for('erp.UserDetailTab');

/**
 * A MobX store holding data of the signed-in user. The kernel resets every contributed store on
 * sign-out so nothing of one session is visible to the next.
 */
export interface StoreContribution {
  reset(): void;
}
export const StoreContributionToken: ServiceIdentifier<StoreContribution> = Symbol.for('erp.Store');
