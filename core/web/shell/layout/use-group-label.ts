import { useTranslation } from 'react-i18next';
import type { MenuGroup } from '@core/shared/manifest';

/** A menu group's name; a third-party plugin's own group falls back to its id. */
export function useGroupLabel(): (group: MenuGroup) => string {
  const { t } = useTranslation();
  return (group) => t(`groups.${group}`, { defaultValue: group });
}
