import type { Migration } from '../database/migrator';
import jobsSql from './migrations/0006_jobs.sql?raw';
import jobLogParamsSql from './migrations/0011_job_log_params.sql?raw';

/** The core migrations of the jobs' tables (core.jobs, core.job_logs), listed in CORE_MIGRATIONS. */
export const JOBS_MIGRATIONS: readonly Migration[] = [
  { name: '0006_jobs', sql: jobsSql },
  { name: '0011_job_log_params', sql: jobLogParamsSql },
];
