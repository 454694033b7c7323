import { useTranslation } from 'react-i18next';
import { entriesSharingName, entryKey, type PluginSidebarEntry, type SidebarGroup } from '../../plugins/navigation';
import { useGroupLabel } from './use-group-label';

/** A screen's name as shown, and its area's name when another area has a screen of the same name. */
export interface ScreenName {
  readonly label: string;
  /** Null unless the label alone is ambiguous. */
  readonly area: string | null;
  /** "Area › Screen" when ambiguous, else the label. */
  readonly full: string;
}

/** Names the sidebar's entries, telling apart those that share a label across areas (Positions, Services…). */
export function useScreenNames(groups: readonly SidebarGroup[]): (entry: PluginSidebarEntry) => ScreenName {
  const { t } = useTranslation();
  const groupLabel = useGroupLabel();
  const shared = entriesSharingName(groups, (entry) => t(entry.labelKey));
  return (entry) => {
    const label = t(entry.labelKey);
    if (!shared.has(entryKey(entry))) return { label, area: null, full: label };
    const area = groupLabel(entry.group);
    return { label, area, full: t('shell.screenInArea', { area, screen: label }) };
  };
}
