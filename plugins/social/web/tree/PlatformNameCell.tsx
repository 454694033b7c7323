import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import { CellValue, StatusBadge, type ResourceCellProps, type ResourceCellRenderer } from '@core/sdk/web';
import { childrenPath, type ChildList } from './children';

const useStyles = makeStyles({
  cell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  link: { color: tokens.colorBrandForegroundLink, ':hover': { color: tokens.colorBrandForegroundLinkHover } },
});

/** "Not on the platform" on a planning record (spec: clearly marked), its details on hover and focus. */
export function NotOnPlatformBadge() {
  const { t } = useTranslation('social');
  return (
    <StatusBadge color="warning" details={t('tree.notOnPlatformDetails')} data={{ 'data-not-on-platform': 'true' }}>
      {t('tree.notOnPlatform')}
    </StatusBadge>
  );
}

/**
 * The name column of a platform record: a link to its children's list when it has children (an
 * ad account's campaigns), and the "not on the platform" badge on a planning record.
 */
export function platformNameCell(children: ChildList | undefined): ResourceCellRenderer {
  return function PlatformNameCell(props: ResourceCellProps) {
    const { t } = useTranslation('social');
    const styles = useStyles();
    const { record, value } = props;
    const name = <CellValue definition={props.definition} record={record} name={props.name} field={props.field} />;
    return (
      <span className={styles.cell}>
        {children ? (
          <RouterLink
            className={`${styles.name} ${styles.link}`}
            to={childrenPath(children, record)}
            aria-label={t(children.labelKey, { name: typeof value === 'string' ? value : `#${record.id}` })}
            data-children-link={children.definition.id}
          >
            {name}
          </RouterLink>
        ) : (
          <span className={styles.name}>{name}</span>
        )}
        {record.on_platform === false && <NotOnPlatformBadge />}
      </span>
    );
  };
}
