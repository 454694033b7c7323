import { useTranslation } from 'react-i18next';
import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { formatMoney, useLocaleFormat } from '@core/sdk/web';
import {
  PAY_GAPS,
  PAY_MEASURES,
  PAY_RULE_KINDS,
  PAY_SCOPES,
  PAY_SOURCES,
  type PayMeasure,
  type PayRuleLine,
} from '../../shared/pay';

const useStyles = makeStyles({
  formula: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  flags: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  empty: { color: tokens.colorNeutralForeground3 },
});

/** Counts (leads, sales) are shown as they are; every other measure's value is US dollars. */
const COUNT_MEASURES: readonly PayMeasure[] = ['leads', 'sales'];

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);
const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function isRuleLine(value: unknown): value is PayRuleLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    oneOf(PAY_RULE_KINDS, line.kind) &&
    (line.measure === null || oneOf(PAY_MEASURES, line.measure)) &&
    oneOf(PAY_SOURCES, line.source) &&
    oneOf(PAY_SCOPES, line.scope) &&
    textOrNull(line.scope_label) &&
    textOrNull(line.measure_value) &&
    typeof line.formula === 'string' &&
    typeof line.amount_usd === 'string' &&
    typeof line.capped === 'boolean' &&
    (line.gap === null || oneOf(PAY_GAPS, line.gap))
  );
}

/** A line's stored explanation (the computation's rule lines as JSON); null when it is missing or not that shape. */
export function explanationOf(text: unknown): readonly PayRuleLine[] | null {
  if (typeof text !== 'string' || text === '') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every(isRuleLine) ? parsed : null;
  } catch {
    return null;
  }
}

/** How one employee's pay follows from the rules: each rule with its measure, source, scope, value, formula and amount. */
export function LineExplanation({ explanation }: { readonly explanation: unknown }) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const usd = (amount: string): string => formatMoney({ amount, currency: 'USD' }, format);
  const rules = explanationOf(explanation);
  if (rules === null || rules.length === 0)
    return <Text className={styles.empty}>{t('motivation.noExplanation')}</Text>;
  const value = (rule: PayRuleLine): string => {
    if (rule.measure_value === null) return t('motivation.noValue');
    const figure =
      rule.measure !== null && COUNT_MEASURES.includes(rule.measure)
        ? format.number(rule.measure_value)
        : usd(rule.measure_value);
    return t('motivation.figureFrom', { figure, source: t(`motivation.sources.${rule.source}`) });
  };
  const scope = (rule: PayRuleLine): string =>
    rule.scope_label === null
      ? t(`motivation.scopes.${rule.scope}`)
      : t('motivation.scopeNamed', { scope: t(`motivation.scopes.${rule.scope}`), name: rule.scope_label });
  return (
    <Table size="small" aria-label={t('motivation.explanation')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('motivation.rule')}</TableHeaderCell>
          <TableHeaderCell>{t('motivation.measure')}</TableHeaderCell>
          <TableHeaderCell>{t('motivation.source')}</TableHeaderCell>
          <TableHeaderCell>{t('motivation.scope')}</TableHeaderCell>
          <TableHeaderCell>{t('motivation.value')}</TableHeaderCell>
          <TableHeaderCell>{t('motivation.formula')}</TableHeaderCell>
          <TableHeaderCell>{t('motivation.amount')}</TableHeaderCell>
          <TableHeaderCell>{t('motivation.notes')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rules.map((rule) => (
          <TableRow key={rule.rule_id}>
            <TableCell>{t(`motivation.kinds.${rule.kind}`)}</TableCell>
            <TableCell>
              {rule.measure === null ? t('motivation.salaryMeasure') : t(`motivation.measures.${rule.measure}`)}
            </TableCell>
            <TableCell>{t(`motivation.sources.${rule.source}`)}</TableCell>
            <TableCell>{scope(rule)}</TableCell>
            <TableCell>{value(rule)}</TableCell>
            <TableCell className={styles.formula}>{rule.formula}</TableCell>
            <TableCell>{usd(rule.amount_usd)}</TableCell>
            <TableCell>
              <span className={styles.flags}>
                {rule.capped && <span>{t('motivation.capped')}</span>}
                {rule.gap !== null && <span>{t(`motivation.gaps.${rule.gap}`)}</span>}
              </span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
