import { validationError, type Queryable } from '@core/sdk/server';

/**
 * Managers and subordinates. Changes to who manages whom are serialised by one advisory lock, and
 * a change that would make an employee their own manager, directly or through a chain, is refused
 * with 422 on `manager_id`.
 */

const HIERARCHY_LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtext('finance.employees.manager_id'))";

export async function assertNoManagerCycle(
  tx: Queryable,
  employeeId: number | null,
  managerId: number | null,
): Promise<void> {
  if (managerId === null) return;
  await tx.query(HIERARCHY_LOCK_SQL);
  if (employeeId === null) return; // a new employee has no subordinates yet
  if (employeeId === managerId) throw validationError({ manager_id: ['An employee cannot be their own manager.'] });
  const { rows } = await tx.query<{ found: boolean }>(
    `WITH RECURSIVE chain(id, depth) AS (
       SELECT manager_id, 1 FROM finance.employees WHERE id = $1
       UNION ALL
       SELECT e.manager_id, c.depth + 1 FROM finance.employees e JOIN chain c ON e.id = c.id
        WHERE c.id IS NOT NULL AND c.depth < 10000
     ) SELECT EXISTS (SELECT 1 FROM chain WHERE id = $2) AS found`,
    [managerId, employeeId],
  );
  if (rows[0]?.found) {
    throw validationError({
      manager_id: ['This manager reports to the employee (directly or through others): the chain would loop.'],
    });
  }
}

export interface Subordinate {
  readonly id: number;
  readonly full_name: string;
  readonly manager_id: number;
  /** 1 for direct reports, 2 for theirs, … */
  readonly level: number;
  readonly fired_date: string | null;
}

/** Everyone below an employee, direct reports first; `direct` limits it to level 1. */
export async function subordinatesOf(db: Queryable, employeeId: number, direct: boolean): Promise<Subordinate[]> {
  const { rows } = await db.query<Subordinate>(
    `WITH RECURSIVE below(id, level) AS (
       SELECT id, 1 FROM finance.employees WHERE manager_id = $1 AND deleted_at IS NULL
       UNION
       SELECT e.id, b.level + 1 FROM finance.employees e JOIN below b ON e.manager_id = b.id
        WHERE e.deleted_at IS NULL AND NOT $2 AND b.level < 100
     )
     SELECT e.id::int AS id, e.full_name, e.manager_id::int AS manager_id, min(b.level) AS level,
            to_char(e.fired_date, 'YYYY-MM-DD') AS fired_date
       FROM below b JOIN finance.employees e ON e.id = b.id
      GROUP BY e.id, e.full_name, e.manager_id, e.fired_date
      ORDER BY level, e.full_name, e.id`,
    [employeeId, direct],
  );
  return rows.map((row) => ({ ...row, level: Number(row.level) }));
}

/** Salary periods of one employee may not overlap (both ends included; no end is open). */
export async function assertSalaryPeriodFree(
  tx: Queryable,
  period: {
    readonly id: number | null;
    readonly employee_id: number;
    readonly date_start: string;
    readonly date_end: string | null;
  },
): Promise<void> {
  if (period.date_end !== null && period.date_end < period.date_start) {
    throw validationError({ date_end: ['The end date must not be before the start date.'] });
  }
  // Two entries for one employee written at once must not both pass the check.
  await tx.query('SELECT id FROM finance.employees WHERE id = $1 FOR UPDATE', [period.employee_id]);
  const { rows } = await tx.query<{ date_start: string; date_end: string | null }>(
    `SELECT to_char(date_start, 'YYYY-MM-DD') AS date_start, to_char(date_end, 'YYYY-MM-DD') AS date_end
       FROM finance.salary_history
      WHERE employee_id = $1 AND id IS DISTINCT FROM $2::bigint
        AND date_start <= coalesce($4::date, 'infinity'::date) AND $3::date <= coalesce(date_end, 'infinity'::date)
      ORDER BY date_start LIMIT 1`,
    [period.employee_id, period.id, period.date_start, period.date_end],
  );
  const clash = rows[0];
  if (clash) {
    const until = clash.date_end ?? 'open end';
    throw validationError({ date_start: [`This period overlaps the salary from ${clash.date_start} to ${until}.`] });
  }
}
