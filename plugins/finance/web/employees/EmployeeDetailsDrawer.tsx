import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  Link,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, DismissRegular, EditRegular } from '@fluentui/react-icons';
import { resolveDatePreset } from '@core/sdk/shared';
import {
  DateInput,
  FigureCell,
  FigureHeaderCell,
  formatMoney,
  PermissionService,
  ToastService,
  useConfirm,
  useInjection,
  useLocaleFormat,
} from '@core/sdk/web';
import type { FinanceFailure, FinanceResult } from '../finance-result';
import { EmployeeDetailSlot } from './EmployeeDetailSlot';
import {
  EmployeeDetailsStore,
  type SalaryForPeriod,
  type SalaryInput,
  type SalaryRow,
  type Subordinate,
} from './employee-details-store';
import { labelOf, type Employee } from './employee-types';
import { SalaryDialog } from './SalaryDialog';

const useStyles = makeStyles({
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    paddingBottom: tokens.spacingVerticalXXL,
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0 },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  period: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, justifyContent: 'flex-end' },
});

type Load<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; failure: FinanceFailure };

const loaded = <T,>(result: FinanceResult<T>): Load<T> =>
  result.ok ? { state: 'ready', data: result.data } : { state: 'failed', failure: result };

function Failure({ failure }: { failure: FinanceFailure }) {
  return (
    <MessageBar intent="error">
      <MessageBarBody>{failure.message}</MessageBarBody>
    </MessageBar>
  );
}

export interface EmployeeDetailsDrawerProps {
  readonly employeeId: number;
  readonly onClose: () => void;
  /** Shows another employee (a manager or a subordinate) in the panel. */
  readonly onOpen: (employeeId: number) => void;
}

/**
 * One employee beyond the list's columns: manager, subordinates, salary history and calculated salary,
 * then what other plugins add (slot `finance.employeeDetail`).
 */
export function EmployeeDetailsDrawer({ employeeId, onClose, onOpen }: EmployeeDetailsDrawerProps) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const store = useInjection(EmployeeDetailsStore);
  const toasts = useInjection(ToastService);
  const canWrite = useInjection(PermissionService).has('FJ');
  const [employee, setEmployee] = useState<Load<Employee | null>>({ state: 'loading' });
  const [subordinates, setSubordinates] = useState<Load<readonly Subordinate[]>>({ state: 'loading' });
  const [history, setHistory] = useState<Load<readonly SalaryRow[]>>({ state: 'loading' });
  const [editing, setEditing] = useState<{ row: SalaryRow | null } | null>(null);
  const { dialog: confirmDialog, ask } = useConfirm();
  const month = resolveDatePreset('this_month', new Date());
  const [from, setFrom] = useState(month.from);
  const [to, setTo] = useState(month.to);
  const [salary, setSalary] = useState<Load<SalaryForPeriod> | null>(null);

  const loadHistory = useCallback(
    async () => setHistory(loaded(await store.salaryHistory(employeeId))),
    [employeeId, store],
  );

  useEffect(() => {
    let live = true;
    setEmployee({ state: 'loading' });
    setSubordinates({ state: 'loading' });
    setHistory({ state: 'loading' });
    setSalary(null);
    void store.employee(employeeId).then((result) => live && setEmployee(loaded(result)));
    void store.subordinates(employeeId).then((result) => live && setSubordinates(loaded(result)));
    void store.salaryHistory(employeeId).then((result) => live && setHistory(loaded(result)));
    return () => {
      live = false;
    };
  }, [employeeId, store]);

  const date = (value: string | null | undefined) => (value ? format.date(value) : '—');

  const saveSalary = async (input: SalaryInput) => {
    const row = editing?.row ?? null;
    const result = await store.saveSalary(employeeId, row, input);
    if (result.ok) {
      toasts.success(t(row ? 'salary.updated' : 'salary.added'));
      setEditing(null);
      await loadHistory();
    }
    return result;
  };

  const removeSalary = async (row: SalaryRow) => {
    if (!(await ask(t('salary.confirmDelete'), { title: t('salary.deleteTitle'), confirmLabel: t('common.delete') })))
      return;
    const result = await store.deleteSalary(row);
    if (!result.ok) {
      toasts.error(result.messages);
      return;
    }
    toasts.success(t('salary.deleted'));
    await loadHistory();
  };

  const calculate = async () => {
    setSalary({ state: 'loading' });
    setSalary(loaded(await store.calculate(employeeId, from, to)));
  };

  const person = employee.state === 'ready' ? employee.data : null;
  const title = person?.full_name ?? t('records.employee');
  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_, data) => !data.open && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button appearance="subtle" aria-label={t('common.close')} icon={<DismissRegular />} onClick={onClose} />
          }
        >
          {title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        {employee.state === 'loading' && <Spinner label={t('common.loading')} />}
        {employee.state === 'failed' && <Failure failure={employee.failure} />}
        {person && (
          <section className={styles.section} aria-label={t('employees.details')}>
            <div className={styles.heading}>
              <Text>{labelOf(person, 'position_id') ?? ''}</Text>
              <Badge appearance="tint" color={person.fired_date ? 'danger' : 'success'}>
                {t(person.fired_date ? 'employees.fired' : 'employees.active')}
              </Badge>
            </div>
            <dl className={styles.facts}>
              <dt className={styles.term}>{t('fields.manager')}</dt>
              <dd className={styles.value}>
                {person.manager_id ? (
                  <Link as="button" onClick={() => person.manager_id && onOpen(person.manager_id)}>
                    {labelOf(person, 'manager_id') ?? `#${person.manager_id}`}
                  </Link>
                ) : (
                  t('employees.noManager')
                )}
              </dd>
              <dt className={styles.term}>{t('fields.division')}</dt>
              <dd className={styles.value}>{labelOf(person, 'division_id') ?? '—'}</dd>
              <dt className={styles.term}>{t('fields.hiredDate')}</dt>
              <dd className={styles.value}>{date(person.hired_date)}</dd>
              <dt className={styles.term}>{t('fields.firedDate')}</dt>
              <dd className={styles.value}>{date(person.fired_date)}</dd>
              <dt className={styles.term}>{t('fields.baseSalary')}</dt>
              <dd className={styles.value}>{person.base_salary ? formatMoney(person.base_salary, format) : '—'}</dd>
            </dl>
          </section>
        )}

        <section className={styles.section} aria-label={t('employees.subordinates')}>
          <Text as="h3" weight="semibold" size={400}>
            {t('employees.subordinates')}
          </Text>
          {subordinates.state === 'loading' && <Spinner size="tiny" />}
          {subordinates.state === 'failed' && <Failure failure={subordinates.failure} />}
          {subordinates.state === 'ready' &&
            (subordinates.data.length === 0 ? (
              <Text>{t('employees.noSubordinates')}</Text>
            ) : (
              <ul className={styles.list}>
                {subordinates.data.map((subordinate) => (
                  <li key={subordinate.id}>
                    <Link as="button" onClick={() => onOpen(subordinate.id)}>
                      {subordinate.full_name}
                    </Link>{' '}
                    {subordinate.fired_date && (
                      <Badge appearance="tint" color="danger" size="small">
                        {t('employees.fired')}
                      </Badge>
                    )}
                  </li>
                ))}
              </ul>
            ))}
        </section>

        <section className={styles.section} aria-label={t('salary.title')}>
          <div className={styles.heading}>
            <Text as="h3" weight="semibold" size={400}>
              {t('salary.title')}
            </Text>
            {canWrite && (
              <Button size="small" icon={<AddRegular />} onClick={() => setEditing({ row: null })}>
                {t('salary.add')}
              </Button>
            )}
          </div>
          {history.state === 'loading' && <Spinner size="tiny" />}
          {history.state === 'failed' && <Failure failure={history.failure} />}
          {history.state === 'ready' &&
            (history.data.length === 0 ? (
              <Text>{t('salary.empty')}</Text>
            ) : (
              <Table size="small" aria-label={t('salary.title')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('fields.dateStart')}</TableHeaderCell>
                    <TableHeaderCell>{t('fields.dateEnd')}</TableHeaderCell>
                    <FigureHeaderCell>{t('fields.salary')}</FigureHeaderCell>
                    {canWrite && <TableHeaderCell aria-label={t('salary.actions')} />}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {history.data.map((row) => (
                    <TableRow key={row.id} data-salary-row={row.id}>
                      <TableCell>{date(row.date_start)}</TableCell>
                      <TableCell>{row.date_end ? date(row.date_end) : t('salary.open')}</TableCell>
                      <FigureCell>{row.salary ? formatMoney(row.salary, format) : '—'}</FigureCell>
                      {canWrite && (
                        <TableCell>
                          <span className={styles.actions}>
                            <Button
                              size="small"
                              appearance="subtle"
                              icon={<EditRegular />}
                              aria-label={t('salary.editRow', { date: date(row.date_start) })}
                              onClick={() => setEditing({ row })}
                            />
                            <Button
                              size="small"
                              appearance="subtle"
                              icon={<DeleteRegular />}
                              aria-label={t('salary.deleteRow', { date: date(row.date_start) })}
                              onClick={() => void removeSalary(row)}
                            />
                          </span>
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ))}
        </section>

        <section className={styles.section} aria-label={t('employees.calculatedSalary')}>
          <Text as="h3" weight="semibold" size={400}>
            {t('employees.calculatedSalary')}
          </Text>
          <div className={styles.period}>
            <Field label={t('employees.from')}>
              <DateInput name="salary_from" value={from} onChange={setFrom} />
            </Field>
            <Field label={t('employees.to')}>
              <DateInput name="salary_to" value={to} onChange={setTo} />
            </Field>
            <Button
              appearance="primary"
              disabled={from === '' || to === '' || salary?.state === 'loading'}
              onClick={() => void calculate()}
            >
              {t('employees.calculate')}
            </Button>
          </div>
          {salary?.state === 'loading' && <Spinner size="tiny" />}
          {salary?.state === 'failed' && <Failure failure={salary.failure} />}
          {salary?.state === 'ready' && (
            <div className={styles.section} data-testid="calculated-salary">
              <Text weight="semibold">
                {t('employees.salaryFor', { from: date(salary.data.from || from), to: date(salary.data.to || to) })}
              </Text>
              {salary.data.totals.length === 0 ? (
                <Text>{t('employees.noSalary')}</Text>
              ) : (
                salary.data.totals.map((total) => (
                  <Text key={total.currency} size={500} weight="semibold" data-testid="salary-total">
                    {formatMoney(total, format)}
                  </Text>
                ))
              )}
              {salary.data.months.length > 0 && (
                <Table size="small" aria-label={t('employees.salaryMonths')}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>{t('employees.month')}</TableHeaderCell>
                      <TableHeaderCell>{t('employees.days')}</TableHeaderCell>
                      <FigureHeaderCell>{t('fields.salary')}</FigureHeaderCell>
                      <FigureHeaderCell>{t('employees.paid')}</FigureHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {salary.data.months.map((part, index) => (
                      <TableRow key={`${part.month}-${part.currency}-${index}`}>
                        <TableCell>{format.month(part.month)}</TableCell>
                        <TableCell>{t('employees.daysOf', { days: part.days, of: part.days_in_month })}</TableCell>
                        <FigureCell>
                          {formatMoney({ amount: part.monthly_salary, currency: part.currency }, format)}
                        </FigureCell>
                        <FigureCell>{formatMoney(part, format)}</FigureCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              {salary.data.rule && <Text size={200}>{salary.data.rule}</Text>}
            </div>
          )}
        </section>

        {person && <EmployeeDetailSlot employee={person} />}
      </DrawerBody>
      {editing && <SalaryDialog row={editing.row} onSubmit={saveSalary} onClose={() => setEditing(null)} />}
      {confirmDialog}
    </OverlayDrawer>
  );
}
