import type { Migration } from '../database/migrator';
import jobsSql from './migrations/0006_jobs.sql?raw';
import jobLogParamsSql from './migrations/0011_job_log_params.sql?raw';
import jobSchedulesSql from './migrations/0012_job_schedules.sql?raw';

/** The core migrations of the jobs' tables (core.jobs, core.job_logs, core.job_schedules), listed in CORE_MIGRATIONS. */
export const JOBS_MIGRATIONS: readonly Migration[] = [
  { name: '0006_jobs', sql: jobsSql },
  { name: '0011_job_log_params', sql: jobLogParamsSql },
  { name: '0012_job_schedules', sql: jobSchedulesSql },
];
