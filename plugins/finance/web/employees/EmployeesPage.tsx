import { createContext, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Container } from 'inversify';
import { Link, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { PersonInfoRegular } from '@fluentui/react-icons';
import { HttpClients } from '@core/web/http/http-clients';
import { ContainerProvider, useContainer, useInjection } from '@core/web/react/container-context';
import { ResourcePage, type ResourceCellProps, type ResourceScreenOptions } from '@core/web/resource';
import { employeesResource } from '../../shared/resources';
import { EmployeeDetailsDrawer } from './EmployeeDetailsDrawer';
import { DEFAULT_EMPLOYEE_STATUS, EMPLOYEE_STATUSES, isEmployeeStatus, statusClients, type EmployeeStatus } from './status-clients';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%', textAlign: 'start' },
});

/** Opens the detail panel of an employee; given to the name cells of the list. */
const OpenEmployee = createContext<(id: number) => void>(() => undefined);

/** The full name as a link that opens the employee's detail panel. */
function NameCell({ record, value }: ResourceCellProps) {
  const open = useContext(OpenEmployee);
  const styles = useStyles();
  return (
    <Link as="button" className={styles.name} onClick={() => open(record.id)}>
      {typeof value === 'string' ? value : `#${record.id}`}
    </Link>
  );
}

const idParam = (value: string | null): number | null => (value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);

/**
 * `/employees`: the generated list, narrowed to active, fired or all employees (active first,
 * spec §4), with a detail panel (manager, subordinates, salary history, calculated salary) opened
 * from a name, from the row menu, or by `?employee=<id>` in the address.
 */
export function EmployeesPage() {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const container = useContainer();
  const http = useInjection(HttpClients);
  const [searchParams] = useSearchParams();
  // Read once: the list drops parameters it does not know from the address.
  const [detail, setDetail] = useState<number | null>(() => idParam(searchParams.get('employee')));
  const [status, setStatus] = useState<EmployeeStatus>(() => {
    const asked = searchParams.get('status');
    return isEmployeeStatus(asked) ? asked : DEFAULT_EMPLOYEE_STATUS;
  });

  // The list screen resolves its HTTP clients from this container: the kernel's, adding `status`.
  const scoped = useMemo(() => {
    const child = new Container({ parent: container });
    child.bind(HttpClients).toConstantValue(statusClients(http, status));
    return child;
  }, [container, http, status]);

  const options = useMemo<ResourceScreenOptions>(
    () => ({
      cells: { full_name: NameCell },
      rowActions: [{ name: 'details', labelKey: 'finance:employees.details', icon: <PersonInfoRegular />, run: (record) => setDetail(record.id) }],
    }),
    [],
  );

  return (
    <OpenEmployee.Provider value={setDetail}>
      <div className={styles.page}>
        <TabList
          aria-label={t('employees.status')}
          selectedValue={status}
          onTabSelect={(_, data) => {
            if (typeof data.value === 'string' && isEmployeeStatus(data.value)) setStatus(data.value);
          }}
        >
          {EMPLOYEE_STATUSES.map((value) => (
            <Tab key={value} value={value}>
              {t(`employees.statusValues.${value}`)}
            </Tab>
          ))}
        </TabList>
        <ContainerProvider container={scoped}>
          {/* A new status is a new list: its own page, selection and totals. */}
          <ResourcePage key={status} definition={employeesResource} options={options} />
        </ContainerProvider>
        {detail !== null && <EmployeeDetailsDrawer employeeId={detail} onClose={() => setDetail(null)} onOpen={setDetail} />}
      </div>
    </OpenEmployee.Provider>
  );
}
