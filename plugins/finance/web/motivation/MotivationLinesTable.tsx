import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
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
import { ChevronDownRegular, ChevronRightRegular, EditRegular } from '@fluentui/react-icons';
import type { ResourceRecord } from '@core/sdk/shared';
import { FigureCell, FigureHeaderCell, formatMoney, useLocaleFormat } from '@core/sdk/web';
import { LineExplanation } from './LineExplanation';

const useStyles = makeStyles({
  comment: { display: 'block', color: tokens.colorNeutralForeground3, whiteSpace: 'normal' },
  explanation: { backgroundColor: tokens.colorNeutralBackground2, padding: tokens.spacingVerticalS },
  total: { fontWeight: tokens.fontWeightSemibold },
});

export const labelOf = (record: ResourceRecord, field: string): string => {
  const label = record._labels?.[field];
  return typeof label === 'string' ? label : '—';
};

export interface MotivationLinesTableProps {
  readonly lines: readonly ResourceRecord[];
  /** Null once the month is approved: lines are final then. */
  readonly onCorrect: ((line: ResourceRecord) => void) | null;
}

/** The month's lines, by employee name: base, bonus, correction with its reason, total; each line opens its explanation. */
export function MotivationLinesTable({ lines, onCorrect }: MotivationLinesTableProps) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const usd = (value: unknown): string =>
    typeof value === 'string' ? formatMoney({ amount: value, currency: 'USD' }, format) : '—';
  const styles = useStyles();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const sorted = [...lines].sort((a, b) => labelOf(a, 'employee_id').localeCompare(labelOf(b, 'employee_id')));
  const columns = onCorrect ? 8 : 7;
  return (
    <Table aria-label={t('motivation.lines')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('fields.employee')}</TableHeaderCell>
          <TableHeaderCell>{t('motivation.model')}</TableHeaderCell>
          <FigureHeaderCell>{t('fields.baseUsd')}</FigureHeaderCell>
          <FigureHeaderCell>{t('fields.bonusUsd')}</FigureHeaderCell>
          <FigureHeaderCell>{t('fields.correctionUsd')}</FigureHeaderCell>
          <FigureHeaderCell>{t('fields.totalUsd')}</FigureHeaderCell>
          <TableHeaderCell>{t('motivation.explanation')}</TableHeaderCell>
          {onCorrect && <TableHeaderCell>{t('motivation.actions')}</TableHeaderCell>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {sorted.map((line) => {
          const employee = labelOf(line, 'employee_id');
          const expanded = open.has(line.id);
          const comment = typeof line.correction_comment === 'string' ? line.correction_comment : '';
          return (
            <Fragment key={line.id}>
              <TableRow>
                <TableCell>{employee}</TableCell>
                <TableCell>{labelOf(line, 'model_id')}</TableCell>
                <FigureCell>{usd(line.base_usd)}</FigureCell>
                <FigureCell>{usd(line.bonus_usd)}</FigureCell>
                <FigureCell>
                  {usd(line.correction_usd)}
                  {comment !== '' && (
                    <Text size={200} className={styles.comment}>
                      {comment}
                    </Text>
                  )}
                </FigureCell>
                <FigureCell className={styles.total}>{usd(line.total_usd)}</FigureCell>
                <TableCell>
                  <Button
                    appearance="subtle"
                    size="small"
                    icon={expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
                    aria-expanded={expanded}
                    aria-label={t('motivation.explainFor', {
                      employee,
                      action: t(expanded ? 'motivation.hideExplanation' : 'motivation.showExplanation'),
                    })}
                    onClick={() => toggle(line.id)}
                  >
                    {t(expanded ? 'motivation.hideExplanation' : 'motivation.showExplanation')}
                  </Button>
                </TableCell>
                {onCorrect && (
                  <TableCell>
                    <Button
                      appearance="subtle"
                      size="small"
                      icon={<EditRegular />}
                      aria-label={t('motivation.correctFor', { employee })}
                      onClick={() => onCorrect(line)}
                    >
                      {t('motivation.correct')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
              {expanded && (
                <TableRow>
                  <TableCell colSpan={columns} className={styles.explanation}>
                    <LineExplanation explanation={line.explanation} />
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}
