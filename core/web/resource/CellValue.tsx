import { Link, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, SubtractRegular } from '@fluentui/react-icons';
import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import { isIdentifier, statusToneOf, type FieldDefinition } from '@core/shared/resource/field';
import { useInjection } from '../react/container-context';
import { I18nService } from '../services/i18n-service';
import { emptyLabel, formatMoney, formatValue, isMoney } from './format-value';
import { StatusBadge } from './StatusBadge';
import type { ResourceCellRenderer } from './types';

const useStyles = makeStyles({
  text: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  yes: { color: tokens.colorPaletteGreenForeground1, verticalAlign: 'middle', fontSize: '16px' },
  no: { color: tokens.colorNeutralForeground3, verticalAlign: 'middle', fontSize: '16px' },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  number: { fontVariantNumeric: 'tabular-nums' },
  empty: { color: tokens.colorNeutralForeground3 },
  // A badge wider than its column is cut like text, its whole label in the title.
  badge: {
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    display: 'inline-block',
  },
});

interface CellValueProps {
  readonly definition: ResourceDefinition;
  readonly record: ResourceRecord;
  readonly name: string;
  readonly field: FieldDefinition | null;
  readonly renderer?: ResourceCellRenderer;
}

/**
 * One cell: the plugin's renderer for the column if it gave one, else the value drawn by its kind
 * (a status as a badge of its declared tone, an empty value as the field's empty label). Text
 * longer than the column is cut with "…" and whole in the title. A page draws hundreds of these,
 * so a cell subscribes to nothing itself: the table around it draws again when the language
 * changes, and the cell with it.
 */
export function CellValue({ definition, record, name, field, renderer: Renderer }: CellValueProps) {
  const i18n = useInjection(I18nService);
  const styles = useStyles();
  const value = record[name];
  if (Renderer) return <Renderer definition={definition} record={record} name={name} field={field} value={value} />;
  if (field?.kind === 'boolean' && typeof value === 'boolean') {
    const text = formatValue(field, value, i18n);
    return (
      <span title={text}>
        {value ? (
          <CheckmarkRegular className={styles.yes} aria-hidden />
        ) : (
          <SubtractRegular className={styles.no} aria-hidden />
        )}
        <span className={styles.hidden}>{text}</span>
      </span>
    );
  }
  const text = formatValue(field, value, i18n, record);
  if (text === '') {
    const none = emptyLabel(field, i18n);
    return none === '' ? null : (
      <span className={mergeClasses(styles.text, styles.empty)} title={none} data-empty-label>
        {none}
      </span>
    );
  }
  const tone = statusToneOf(field, value);
  if (tone !== null) {
    return (
      <StatusBadge color={tone} data={{ 'data-tone': tone }}>
        <span className={styles.badge} title={text}>
          {text}
        </span>
      </StatusBadge>
    );
  }
  if (field?.kind === 'url' && typeof value === 'string') {
    return (
      <Link className={styles.text} href={value} target="_blank" rel="noopener noreferrer" title={value}>
        {text}
      </Link>
    );
  }
  if (field?.kind === 'email' && typeof value === 'string') {
    return (
      <Link className={styles.text} href={`mailto:${value}`} title={value}>
        {text}
      </Link>
    );
  }
  if (field?.kind === 'money' && isMoney(value)) {
    // A list shows money to the currency's digits; the exact amount is the tooltip (and the detail, the export).
    return (
      <span className={mergeClasses(styles.text, styles.number)} title={text}>
        {formatMoney(value, i18n.format, 'currency')}
      </span>
    );
  }
  const identifier = isIdentifier(field, name);
  const numeric = identifier || (field !== null && ['number', 'decimal', 'percent'].includes(field.kind));
  return (
    <span
      className={mergeClasses(styles.text, numeric && styles.number)}
      title={text}
      data-identifier={identifier || undefined}
    >
      {text}
    </span>
  );
}
