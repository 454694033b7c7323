/** The names of the template databases a shared test run builds on PostgreSQL; its global teardown drops them. */
export const SHARED_POSTGRES_PREFIX = 'erp_shared_template_';
