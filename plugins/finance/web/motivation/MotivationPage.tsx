import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Button, MessageBar, MessageBarBody, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { addDecimals, type ResourceRecord } from '@core/sdk/shared';
import {
  DataView,
  filteredListPath,
  formatMoney,
  PermissionService,
  serverMessage,
  StatusBadge,
  ToastService,
  useConfirm,
  useData,
  useInjection,
  useLocaleFormat,
} from '@core/sdk/web';
import { motivationSheetsResource, payrollHashPrefix } from '../../shared/motivation';
import { transactionDraftsResource } from '../../shared/resources';
import { MonthChooser } from '../departments/MonthChooser';
import type { FinanceResult } from '../finance-result';
import { ApproveSheetDialog } from './ApproveSheetDialog';
import { CorrectLineDialog } from './CorrectLineDialog';
import { labelOf, MotivationLinesTable } from './MotivationLinesTable';
import { monthHasEnded, motivationMonthOf } from './motivation-month';
import { MotivationStore, type MotivationMonth } from './motivation-store';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  totals: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground2 },
  figure: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  link: { color: tokens.colorBrandForegroundLink },
});

const approveAction = motivationSheetsResource.rowActions?.find((action) => action.name === 'approve');
const sumOf = (lines: readonly ResourceRecord[], field: string): string =>
  lines.reduce((sum, line) => addDecimals(sum, typeof line[field] === 'string' ? line[field] : '0'), '0');

/** Where the month's payroll drafts are listed: the drafts whose hash starts with `payroll:<month>:`. */
export const payrollDraftsPath = (month: string): string =>
  filteredListPath('/transaction-drafts', transactionDraftsResource, [
    { field: 'hash', op: 'startsWith', value: payrollHashPrefix(month) },
  ]);

type Dialog =
  | { readonly kind: 'approve'; readonly sheet: ResourceRecord }
  | { readonly kind: 'correct'; readonly line: ResourceRecord };

/**
 * `/motivation` (FE): one month's pay, the month kept in the URL (`?month=YYYY-MM`, last month by
 * default). Compute makes the month's sheet when it has none and computes it from the calculation
 * models, in one step (again while it is a draft); its lines are corrected with a reason, and it is
 * approved into payroll drafts in a chosen wallet (FE and FF), after a question when the month has
 * not ended; an approved month is final and links to its drafts. Each line explains its pay rule
 * by rule.
 */
export function MotivationPage() {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const usd = (amount: string): string => formatMoney({ amount, currency: 'USD' }, format);
  const styles = useStyles();
  const store = useInjection(MotivationStore);
  const toasts = useInjection(ToastService);
  const permissions = useInjection(PermissionService);
  const [search, setSearch] = useSearchParams();
  const month = motivationMonthOf(search);
  const data = useData((signal) => store.month(month, signal), [store, month]);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const confirm = useConfirm();
  const canApprove = approveAction !== undefined && permissions.allows(approveAction.requires);
  const canOpenDrafts = permissions.allows(transactionDraftsResource.access.read);

  const run = async (call: () => Promise<FinanceResult<ResourceRecord>>, done: string) => {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (!result.ok) {
      toasts.error(result.message);
      return;
    }
    toasts.success(done);
    await data.reload();
  };

  const compute = () => void run(() => store.computeMonth(month), t('motivation.computed'));

  /** A month not over yet may still earn or spend: its approval is asked about first. */
  const approve = async (sheet: ResourceRecord) => {
    if (!monthHasEnded(month)) {
      const detail = t('motivation.earlyApprove', { month: format.month(month) });
      if (
        !(await confirm.ask(t('core:resource.confirm.question'), {
          subject: t('motivation.approveTitle', { month: format.month(month) }),
          detail,
        }))
      )
        return;
    }
    setDialog({ kind: 'approve', sheet });
  };

  const badge = (sheet: ResourceRecord): ReactNode => {
    const approved = sheet.status === 'approved';
    const details = approved
      ? t('motivation.approvedDetails', {
          by: labelOf(sheet, 'approved_by'),
          at: typeof sheet.approved_at === 'string' ? format.dateTime(sheet.approved_at) : '—',
          wallet: labelOf(sheet, 'wallet_id'),
        })
      : typeof sheet.computed_at === 'string'
        ? t('motivation.computedDetails', { at: format.dateTime(sheet.computed_at) })
        : t('motivation.notComputed');
    return (
      <StatusBadge
        color={approved ? 'success' : 'warning'}
        details={details}
        data={{ 'data-status': String(sheet.status) }}
      >
        {t(`fields.motivationStatusValues.${approved ? 'approved' : 'draft'}`)}
      </StatusBadge>
    );
  };

  const sheetView = (found: ResourceRecord, lines: MotivationMonth['lines']) => {
    const approved = found.status === 'approved';
    const computed = typeof found.computed_at === 'string';
    const figures: [string, string][] = [
      [t('fields.totalUsd'), usd(typeof found.total_usd === 'string' ? found.total_usd : '0')],
      [t('fields.baseUsd'), usd(sumOf(lines, 'base_usd'))],
      [t('fields.bonusUsd'), usd(sumOf(lines, 'bonus_usd'))],
      [t('fields.correctionUsd'), usd(sumOf(lines, 'correction_usd'))],
      [t('motivation.employees'), format.number(lines.length)],
    ];
    return (
      <>
        <div className={styles.bar}>
          {badge(found)}
          {!approved && (
            <Button appearance={computed ? 'secondary' : 'primary'} disabled={busy} onClick={compute}>
              {t(computed ? 'motivation.recompute' : 'motivation.compute')}
            </Button>
          )}
          {!approved && canApprove && computed && (
            <Button appearance="primary" disabled={busy} onClick={() => void approve(found)}>
              {t('motivation.approve')}
            </Button>
          )}
          {approved && canOpenDrafts && (
            <RouterLink className={styles.link} to={payrollDraftsPath(month)}>
              {t('motivation.payrollDrafts')}
            </RouterLink>
          )}
        </div>
        <dl className={styles.totals}>
          {figures.map(([term, figure]) => (
            <div key={term}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.figure}>{figure}</dd>
            </div>
          ))}
        </dl>
        {lines.length === 0 ? (
          <MessageBar intent="info">
            <MessageBarBody>{t(computed ? 'motivation.nobodyCovered' : 'motivation.computeFirst')}</MessageBarBody>
          </MessageBar>
        ) : (
          <MotivationLinesTable
            lines={lines}
            onCorrect={approved ? null : (line) => setDialog({ kind: 'correct', line })}
          />
        )}
      </>
    );
  };

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Title2 as="h1">{t('nav.motivation')}</Title2>
        <MonthChooser month={month} onChange={(next) => setSearch({ month: next }, { replace: true })} />
      </div>
      <DataView data={data} errorText={serverMessage}>
        {(answer) =>
          answer.sheet ? (
            sheetView(answer.sheet, answer.lines)
          ) : (
            <div className={styles.bar}>
              <Text>{t('motivation.noSheet', { month: format.month(month) })}</Text>
              <Button appearance="primary" disabled={busy} onClick={compute}>
                {t('motivation.compute')}
              </Button>
            </div>
          )
        }
      </DataView>
      {confirm.dialog}
      {dialog?.kind === 'approve' && (
        <ApproveSheetDialog
          sheet={dialog.sheet}
          onClose={() => setDialog(null)}
          onApproved={() => {
            toasts.success(t('motivation.approved'));
            void data.reload();
          }}
        />
      )}
      {dialog?.kind === 'correct' && (
        <CorrectLineDialog
          line={dialog.line}
          employee={labelOf(dialog.line, 'employee_id')}
          onClose={() => setDialog(null)}
          onCorrected={() => void data.reload()}
        />
      )}
    </div>
  );
}
