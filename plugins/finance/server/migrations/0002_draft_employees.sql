-- Payroll drafts name the employee they pay, as a reference: drafts approved before the field existed
-- get it from their hash, `payroll:<YYYY-MM>:<employee id>`. The engine's schema sync creates the
-- table and the column after the migrations; on a database that has the table already, the column
-- is added here (as the sync would: bigint) so the drafts can be filled in.
DO $$
BEGIN
  IF to_regclass('finance.transaction_drafts') IS NOT NULL THEN
    ALTER TABLE finance.transaction_drafts ADD COLUMN IF NOT EXISTS employee_id bigint;
    UPDATE finance.transaction_drafts d
       SET employee_id = split_part(d.hash, ':', 3)::bigint
     WHERE d.employee_id IS NULL
       AND d.hash ~ '^payroll:[0-9]{4}-[0-9]{2}:[1-9][0-9]{0,17}$'
       AND EXISTS (SELECT 1 FROM finance.employees e WHERE e.id = split_part(d.hash, ':', 3)::bigint);
  END IF;
END
$$;
