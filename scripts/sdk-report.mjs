// Writes core/sdk/exports.json: the SDK's exported names per entry point and the SDK_VERSION they
// were taken at. Refuses (exit 1) when the names changed more than the version did: a removed or
// renamed name needs a major step of SDK_VERSION (core/sdk/version.ts), an added one a minor step.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { createJiti } from 'jiti';

const root = resolve(import.meta.dirname, '..');
const jiti = createJiti(import.meta.url, { alias: { '@core': resolve(root, 'core') } });
const { currentReport, versionProblem, reportChanges, REPORT_FILE } = await jiti.import(resolve(root, 'core/sdk/tooling/export-report.ts'));
const { SDK_VERSION } = await jiti.import(resolve(root, 'core/sdk/version.ts'));

const current = currentReport(SDK_VERSION);
if (existsSync(REPORT_FILE)) {
  const recorded = JSON.parse(readFileSync(REPORT_FILE, 'utf8'));
  const problem = versionProblem(recorded, current, SDK_VERSION);
  if (problem) {
    console.error(`sdk:report: ${problem}`);
    process.exit(1);
  }
  const changes = reportChanges(recorded, current);
  for (const [label, names] of Object.entries(changes)) if (names.length > 0) console.log(`${label}: ${names.join(', ')}`);
}
writeFileSync(REPORT_FILE, `${JSON.stringify(current, null, 2)}\n`);
const count = Object.values(current.entries).reduce((total, names) => total + Object.keys(names).length, 0);
console.log(`${relative(root, REPORT_FILE)}: ${count} names at SDK ${SDK_VERSION}`);
