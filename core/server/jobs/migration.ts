import type { Migration } from '../database/migrator';
import jobsSql from './migrations/0006_jobs.sql?raw';

/** The core migration of the jobs' tables (core.jobs, core.job_logs), listed in CORE_MIGRATIONS. */
export const JOBS_MIGRATIONS: readonly Migration[] = [{ name: '0006_jobs', sql: jobsSql }];
