import { useTranslation } from 'react-i18next';
import { Badge } from '@fluentui/react-components';
import { StarFilled } from '@fluentui/react-icons';
import type { ResourceCellProps } from '@core/sdk/web';

/**
 * The campaign's default stream stands out as a badge; the others show nothing, since at most one
 * stream of a campaign is the default and a column of "No" would hide it.
 */
export function DefaultFlagCell({ value }: ResourceCellProps) {
  const { t } = useTranslation('tracker');
  if (value !== true) return null;
  return (
    <Badge appearance="tint" color="brand" icon={<StarFilled />} data-default-stream>
      {t('fields.isDefault')}
    </Badge>
  );
}
