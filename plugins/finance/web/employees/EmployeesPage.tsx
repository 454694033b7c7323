import { createContext, useContext, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link, makeStyles } from '@fluentui/react-components';
import { PersonInfoRegular } from '@fluentui/react-icons';
import { ResourcePage, type ResourceCellProps, type ResourceScreenOptions } from '@core/sdk/web';
import { employeesResource } from '../../shared/resources';
import { EmployeeDetailsDrawer } from './EmployeeDetailsDrawer';
import { EMPLOYEE_STATUS_SCOPE } from './employee-status';

const useStyles = makeStyles({
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

const idParam = (value: string | null): number | null =>
  value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;

/**
 * `/employees`: the generated list with the status scope (active, fired or all; active first)
 * as tabs, and a detail panel (manager, subordinates, salary history, calculated salary)
 * opened from a name, from the row menu, or by `?employee=<id>` in the address.
 */
export function EmployeesPage() {
  const [searchParams] = useSearchParams();
  // Read once: the list drops parameters it does not know from the address.
  const [detail, setDetail] = useState<number | null>(() => idParam(searchParams.get('employee')));

  const options = useMemo<ResourceScreenOptions>(
    () => ({
      scopes: [EMPLOYEE_STATUS_SCOPE],
      cells: { full_name: NameCell },
      rowActions: [
        {
          name: 'details',
          labelKey: 'finance:employees.details',
          icon: <PersonInfoRegular />,
          run: (record) => setDetail(record.id),
        },
      ],
    }),
    [],
  );

  return (
    <OpenEmployee.Provider value={setDetail}>
      <ResourcePage definition={employeesResource} options={options} />
      {detail !== null && (
        <EmployeeDetailsDrawer employeeId={detail} onClose={() => setDetail(null)} onOpen={setDetail} />
      )}
    </OpenEmployee.Provider>
  );
}
