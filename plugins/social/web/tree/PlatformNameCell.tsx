import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { makeStyles, Tooltip, tokens } from '@fluentui/react-components';
import { CloudOffRegular } from '@fluentui/react-icons';
import { CellValue, type ResourceCellProps, type ResourceCellRenderer } from '@core/sdk/web';
import { childrenPath, type ChildList } from './children';

const useStyles = makeStyles({
  cell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  link: { color: tokens.colorBrandForegroundLink, ':hover': { color: tokens.colorBrandForegroundLinkHover } },
  mark: {
    display: 'inline-flex',
    flexShrink: 0,
    fontSize: '16px',
    color: tokens.colorStatusWarningForeground1,
    borderRadius: tokens.borderRadiusSmall,
    outlineStyle: 'none',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  tooltip: { maxWidth: '360px' },
});

/**
 * "Not on the platform" on a planning record (spec: clearly marked): an icon, so the name keeps
 * the column's width, named for screen readers, its words and details on hover and focus.
 */
export function NotOnPlatformMark() {
  const { t } = useTranslation('social');
  const styles = useStyles();
  return (
    <Tooltip
      relationship="description"
      withArrow
      positioning="above-start"
      content={{ className: styles.tooltip, children: `${t('tree.notOnPlatform')}. ${t('tree.notOnPlatformDetails')}` }}
    >
      <span
        className={styles.mark}
        role="img"
        aria-label={t('tree.notOnPlatform')}
        tabIndex={0}
        data-not-on-platform="true"
      >
        <CloudOffRegular aria-hidden />
      </span>
    </Tooltip>
  );
}

/**
 * The name column of a platform record: a link to its children's list when it has children (an
 * ad account's campaigns), and the "not on the platform" mark on a planning record.
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
        {record.on_platform === false && <NotOnPlatformMark />}
      </span>
    );
  };
}
