import { observer } from 'mobx-react-lite';
import type { RecordSectionProps, ResourceRecord } from '@core/sdk/shared';
import { slotToken, useSlotItems } from '@core/sdk/web';
import { EMPLOYEE_DETAIL_SLOT, type EmployeeDetailSlotProps } from '../../shared/employee-detail-slot';

/** The props of `finance.employeeDetail` for an employee record as the finance service sends it. */
function slotProps(employee: ResourceRecord): EmployeeDetailSlotProps {
  return {
    employeeId: employee.id,
    fullName: typeof employee.full_name === 'string' ? employee.full_name : `#${employee.id}`,
    userId: typeof employee.user_id === 'number' ? employee.user_id : null,
    fired: typeof employee.fired_date === 'string' && employee.fired_date !== '',
  };
}

/** What other plugins put on an employee's detail (slot `finance.employeeDetail`), each in its own boundary. */
export const EmployeeDetailSlot = observer(function EmployeeDetailSlot({
  employee,
}: {
  readonly employee: ResourceRecord;
}) {
  const items = useSlotItems(slotToken<EmployeeDetailSlotProps>(EMPLOYEE_DETAIL_SLOT), EMPLOYEE_DETAIL_SLOT);
  const props = slotProps(employee);
  return (
    <>
      {items.map((item) => {
        const Section = item.component;
        return <Section key={item.id} {...props} />;
      })}
    </>
  );
});

/** The employee record page's section (slot `record:finance.employees`) that holds `finance.employeeDetail`. */
export function EmployeeRecordSlotSection({ record }: RecordSectionProps) {
  return <EmployeeDetailSlot employee={record} />;
}
