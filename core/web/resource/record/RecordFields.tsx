import { Fragment } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Link, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import {
  isIdentifier,
  isQuantity,
  statusToneOf,
  type FieldDefinition,
  type ReferenceField,
} from '@core/shared/resource/field';
import { useInjection } from '../../react/container-context';
import { I18nService } from '../../services/i18n-service';
import { formFields, legacyFieldNames } from '../form-model';
import { emptyLabel, formatValue } from '../format-value';
import { StatusBadge } from '../StatusBadge';
import { RecordLinks } from './record-links';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
    margin: 0,
  },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  wide: { gridColumn: '1 / -1' },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
  empty: { color: tokens.colorNeutralForeground3 },
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
  },
  numeric: { fontVariantNumeric: 'tabular-nums' },
});

/** The fields as the form lays them out: the editable ones in its order, then the read-only ones. */
export function recordFieldOrder(definition: ResourceDefinition): readonly FieldDefinition[] {
  const editable = formFields(definition);
  return [...editable, ...definition.fields.filter((field) => !editable.includes(field))];
}

/** The ids a reference field holds, with the labels the record carries for them. */
function referenced(field: ReferenceField, record: ResourceRecord): { readonly id: number; readonly label: string }[] {
  const value = record[field.name];
  const ids = (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number');
  const labels = record._labels?.[field.name];
  const labelList = Array.isArray(labels) ? labels : [labels];
  return ids.map((id, index) => {
    const label = labelList[index];
    return { id, label: typeof label === 'string' && label !== '' ? label : `#${id}` };
  });
}

const ReferenceValue = observer(function ReferenceValue({
  field,
  record,
}: {
  field: ReferenceField;
  record: ResourceRecord;
}) {
  const styles = useStyles();
  const links = useInjection(RecordLinks);
  const i18n = useInjection(I18nService);
  const targets = referenced(field, record);
  // Empty: the text it kept from before it was a reference, if any, marked as not in the list.
  if (targets.length === 0)
    return <span className={styles.empty}>{formatValue(field, null, i18n, record) || '—'}</span>;
  return (
    <>
      {targets.map((target, index) => {
        const path = links.targetPath(field.target.table, target.id);
        return (
          <Fragment key={target.id}>
            {index > 0 && ', '}
            {path ? (
              <RouterLink className={styles.link} to={path}>
                {target.label}
              </RouterLink>
            ) : (
              target.label
            )}
          </Fragment>
        );
      })}
    </>
  );
});

function FieldValue({ field, record }: { field: FieldDefinition; record: ResourceRecord }) {
  const styles = useStyles();
  const i18n = useInjection(I18nService);
  const value = record[field.name];
  if (field.kind === 'reference') return <ReferenceValue field={field} record={record} />;
  // Money with every digit stored (formatValue's default), as dialogs and history show it.
  const text = formatValue(field, value, i18n, record);
  if (text === '') return <span className={styles.empty}>{emptyLabel(field, i18n) || '—'}</span>;
  const tone = statusToneOf(field, value);
  if (tone !== null) {
    return (
      <span>
        <StatusBadge color={tone} data={{ 'data-tone': tone }}>
          {text}
        </StatusBadge>
      </span>
    );
  }
  if (field.kind === 'url' && typeof value === 'string') {
    return (
      <Link href={value} target="_blank" rel="noopener noreferrer">
        {text}
      </Link>
    );
  }
  if (field.kind === 'email' && typeof value === 'string') return <Link href={`mailto:${value}`}>{text}</Link>;
  const identifier = isIdentifier(field, field.name);
  return (
    <span
      className={isQuantity(field, field.name) || identifier ? styles.numeric : undefined}
      data-identifier={identifier || undefined}
    >
      {text}
    </span>
  );
}

/** A record's fields, labelled, grouped as its form groups them; references lead to their records' pages. */
export function RecordFields({ definition, record }: { definition: ResourceDefinition; record: ResourceRecord }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const legacyFields = legacyFieldNames(definition);
  return (
    <dl className={styles.list}>
      {recordFieldOrder(definition)
        .filter((field) => !legacyFields.has(field.name))
        .map((field) => (
          <div
            key={field.name}
            className={mergeClasses(
              styles.item,
              (field.kind === 'longText' || field.kind === 'keyValue') && styles.wide,
            )}
            data-field={field.name}
          >
            <dt className={styles.term}>{t(field.labelKey)}</dt>
            <dd className={styles.value}>
              <FieldValue field={field} record={record} />
            </dd>
          </div>
        ))}
    </dl>
  );
}
