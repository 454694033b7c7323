import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { LinkDismissRegular, LinkRegular } from '@fluentui/react-icons';
import {
  DataView,
  formatMoney,
  PermissionService,
  ToastService,
  useConfirm,
  useData,
  useInjection,
  useLocaleFormat,
  type UserDetailTabProps,
} from '@core/sdk/web';
import { dataOf, failureText } from '../finance-result';
import { ReferencePicker } from '../ReferencePicker';
import { EmployeeLinkStore } from './employee-link-store';
import { labelOf, type Employee, type ReferenceOption } from './employee-types';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0 },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  picker: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  link: { color: tokens.colorBrandForegroundLink },
});

/** The admin user detail's `employee-tab`: the employee linked to the user, and linking or unlinking one. */
export function EmployeeUserTab({ userId }: UserDetailTabProps) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const store = useInjection(EmployeeLinkStore);
  const toasts = useInjection(ToastService);
  const canChange = useInjection(PermissionService).has('FJ');
  const linked = useData(() => dataOf(store.employeeOfUser(userId)), [store, userId]);
  const [chosen, setChosen] = useState<ReferenceOption | null>(null);
  const [busy, setBusy] = useState(false);
  const { dialog: confirmDialog, ask } = useConfirm();
  const refresh = linked.reload;

  const search = useCallback((text: string) => store.search(text), [store]);

  const link = async () => {
    if (!chosen) return;
    setBusy(true);
    const result = await store.link(chosen.id, userId);
    setBusy(false);
    if (!result.ok) {
      toasts.error(result.messages);
      return;
    }
    toasts.success(t('employeeTab.linked', { name: chosen.label }));
    setChosen(null);
    await refresh();
  };

  const unlink = async (employee: Employee) => {
    const wording = { title: t('employeeTab.unlink'), confirmLabel: t('employeeTab.unlink') };
    if (!(await ask(t('employeeTab.confirmUnlink', { name: employee.full_name }), wording))) return;
    const result = await store.unlink(employee);
    if (!result.ok) {
      toasts.error(result.messages);
      return;
    }
    toasts.success(t('employeeTab.unlinked', { name: employee.full_name }));
    await refresh();
  };

  const date = (value: string | null | undefined) => (value ? format.date(value) : '—');
  const tab = (employee: Employee | null) => (
    <div className={styles.tab}>
      {employee ? (
        <Card className={styles.card}>
          <div className={styles.header}>
            <Text as="h3" size={500} weight="semibold">
              {employee.full_name}
            </Text>
            {employee.fired_date ? (
              <Badge appearance="tint" color="danger">
                {t('employees.fired')}
              </Badge>
            ) : (
              <Badge appearance="tint" color="success">
                {t('employees.active')}
              </Badge>
            )}
          </div>
          <dl className={styles.facts}>
            <dt className={styles.term}>{t('fields.position')}</dt>
            <dd className={styles.value}>{labelOf(employee, 'position_id') ?? '—'}</dd>
            <dt className={styles.term}>{t('fields.division')}</dt>
            <dd className={styles.value}>{labelOf(employee, 'division_id') ?? '—'}</dd>
            <dt className={styles.term}>{t('fields.manager')}</dt>
            <dd className={styles.value}>{labelOf(employee, 'manager_id') ?? '—'}</dd>
            <dt className={styles.term}>{t('fields.workType')}</dt>
            <dd className={styles.value}>
              {employee.work_type ? t(`fields.workTypeValues.${employee.work_type}`) : '—'}
            </dd>
            <dt className={styles.term}>{t('fields.hiredDate')}</dt>
            <dd className={styles.value}>{date(employee.hired_date)}</dd>
            <dt className={styles.term}>{t('fields.firedDate')}</dt>
            <dd className={styles.value}>{date(employee.fired_date)}</dd>
            <dt className={styles.term}>{t('fields.baseSalary')}</dt>
            <dd className={styles.value}>{employee.base_salary ? formatMoney(employee.base_salary, format) : '—'}</dd>
          </dl>
          <div className={styles.header}>
            <Link className={styles.link} to={`/employees?employee=${employee.id}`}>
              {t('employeeTab.open')}
            </Link>
            {canChange && (
              <Button icon={<LinkDismissRegular />} onClick={() => void unlink(employee)}>
                {t('employeeTab.unlink')}
              </Button>
            )}
          </div>
          {confirmDialog}
        </Card>
      ) : (
        <Text>{t('employeeTab.none')}</Text>
      )}
      {canChange && !employee && (
        <div className={styles.picker}>
          <ReferencePicker
            label={t('employeeTab.pick')}
            value={chosen}
            onChange={setChosen}
            search={search}
            placeholder={t('employeeTab.searchPlaceholder')}
          />
          <Button appearance="primary" icon={<LinkRegular />} disabled={!chosen || busy} onClick={() => void link()}>
            {t('employeeTab.link')}
          </Button>
        </div>
      )}
    </div>
  );
  return (
    <DataView data={linked} errorText={failureText}>
      {tab}
    </DataView>
  );
}
