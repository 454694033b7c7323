import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One folder per test run where the server tests' database templates are kept once built
 * (@core/sdk/testing's freshDatabase), so 200 files do not each build the same one. Removed after the run.
 */
export default async function sharedTemplates(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'erp-test-templates-'));
  process.env.ERP_TEST_TEMPLATE_DIR = folder;
  return () => rm(folder, { recursive: true, force: true });
}
