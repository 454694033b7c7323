import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  Link,
  OverlayDrawer,
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
  DataView,
  DateInput,
  FigureCell,
  FigureHeaderCell,
  formatMoney,
  PermissionService,
  ToastService,
  useConfirm,
  useData,
  useInjection,
  useLocaleFormat,
} from '@core/sdk/web';
import { dataOf, failureText } from '../finance-result';
import { EmployeeDetailSlot } from './EmployeeDetailSlot';
import { EmployeeDetailsStore, type SalaryForPeriod, type SalaryInput, type SalaryRow } from './employee-details-store';
import { labelOf } from './employee-types';
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

/** The period whose salary was asked for, and of whom: another employee shown drops it. */
interface SalaryAsked {
  readonly employeeId: number;
  readonly from: string;
  readonly to: string;
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
  const employee = useData(() => dataOf(store.employee(employeeId)), [employeeId, store]);
  const subordinates = useData(() => dataOf(store.subordinates(employeeId)), [employeeId, store]);
  const history = useData(() => dataOf(store.salaryHistory(employeeId)), [employeeId, store]);
  const [editing, setEditing] = useState<{ row: SalaryRow | null } | null>(null);
  const { dialog: confirmDialog, ask } = useConfirm();
  const month = resolveDatePreset('this_month', new Date());
  const [from, setFrom] = useState(month.from);
  const [to, setTo] = useState(month.to);
  const [asked, setAsked] = useState<SalaryAsked | null>(null);
  const calculated = asked?.employeeId === employeeId;
  const salary = useData(
    (): Promise<SalaryForPeriod | null> =>
      asked?.employeeId === employeeId
        ? dataOf(store.calculate(employeeId, asked.from, asked.to))
        : Promise.resolve(null),
    [employeeId, asked, store],
  );

  const date = (value: string | null | undefined) => (value ? format.date(value) : '—');

  const saveSalary = async (input: SalaryInput) => {
    const row = editing?.row ?? null;
    const result = await store.saveSalary(employeeId, row, input);
    if (result.ok) {
      toasts.success(t(row ? 'salary.updated' : 'salary.added'));
      setEditing(null);
      await history.reload();
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
    await history.reload();
  };

  const person = employee.data ?? null;
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
        <DataView data={employee} errorText={failureText}>
          {(person) =>
            person && (
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
            )
          }
        </DataView>

        <section className={styles.section} aria-label={t('employees.subordinates')}>
          <Text as="h3" weight="semibold" size={400}>
            {t('employees.subordinates')}
          </Text>
          <DataView
            data={subordinates}
            errorText={failureText}
            isEmpty={(found) => found.length === 0}
            empty={<Text>{t('employees.noSubordinates')}</Text>}
          >
            {(found) => (
              <ul className={styles.list}>
                {found.map((subordinate) => (
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
            )}
          </DataView>
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
          <DataView
            data={history}
            errorText={failureText}
            isEmpty={(rows) => rows.length === 0}
            empty={<Text>{t('salary.empty')}</Text>}
          >
            {(rows) => (
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
                  {rows.map((row) => (
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
            )}
          </DataView>
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
              disabled={from === '' || to === '' || (calculated && salary.state.status === 'loading')}
              onClick={() => setAsked({ employeeId, from, to })}
            >
              {t('employees.calculate')}
            </Button>
          </div>
          {calculated && (
            <DataView data={salary} errorText={failureText}>
              {(found) =>
                found && (
                  <div className={styles.section} data-testid="calculated-salary">
                    <Text weight="semibold">
                      {t('employees.salaryFor', { from: date(found.from || from), to: date(found.to || to) })}
                    </Text>
                    {found.totals.length === 0 ? (
                      <Text>{t('employees.noSalary')}</Text>
                    ) : (
                      found.totals.map((total) => (
                        <Text key={total.currency} size={500} weight="semibold" data-testid="salary-total">
                          {formatMoney(total, format)}
                        </Text>
                      ))
                    )}
                    {found.months.length > 0 && (
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
                          {found.months.map((part, index) => (
                            <TableRow key={`${part.month}-${part.currency}-${index}`}>
                              <TableCell>{format.month(part.month)}</TableCell>
                              <TableCell>
                                {t('employees.daysOf', { days: part.days, of: part.days_in_month })}
                              </TableCell>
                              <FigureCell>
                                {formatMoney({ amount: part.monthly_salary, currency: part.currency }, format)}
                              </FigureCell>
                              <FigureCell>{formatMoney(part, format)}</FigureCell>
                            </TableRow>
                          ))}
                        </TableBody>
                      </Table>
                    )}
                    {found.rule && <Text size={200}>{found.rule}</Text>}
                  </div>
                )
              }
            </DataView>
          )}
        </section>

        {person && <EmployeeDetailSlot employee={person} />}
      </DrawerBody>
      {editing && <SalaryDialog row={editing.row} onSubmit={saveSalary} onClose={() => setEditing(null)} />}
      {confirmDialog}
    </OverlayDrawer>
  );
}
