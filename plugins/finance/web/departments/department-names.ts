import type { DepartmentType } from '../../shared/resources';

/** The manifest's title of a department's page, which names the department everywhere on screen. */
const TITLE_KEYS = {
  marketing: 'nav.departmentMarketing',
  sales: 'nav.departmentSales',
  development: 'nav.departmentDevelopment',
} as const satisfies Record<DepartmentType, string>;

export const departmentTitleKey = (type: DepartmentType): (typeof TITLE_KEYS)[DepartmentType] => TITLE_KEYS[type];

export const departmentPath = (type: DepartmentType): string => `/departments/${type}`;
