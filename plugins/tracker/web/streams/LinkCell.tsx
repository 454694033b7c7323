import { Link, makeStyles, tokens } from '@fluentui/react-components';
import type { ResourceCellProps } from '@core/sdk/web';
import { CopyButton } from '../links/CopyButton';

const useStyles = makeStyles({
  cell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  link: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** A stream's tracking link: opened in a new tab, or copied in one click to hand to a buyer. */
export function LinkCell({ value }: ResourceCellProps) {
  const styles = useStyles();
  if (typeof value !== 'string' || value === '') return null;
  return (
    <span className={styles.cell}>
      <Link className={styles.link} href={value} target="_blank" rel="noopener noreferrer">
        {value}
      </Link>
      <CopyButton text={value} />
    </span>
  );
}
