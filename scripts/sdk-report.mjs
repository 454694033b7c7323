// Writes core/sdk/exports.json: the SDK's exported names per entry point, each with its kind, the
// version it was added in (`since`: kept for a name already recorded, SDK_VERSION for a new one)
// and, when its JSDoc says `@deprecated`, what replaces it. Refuses (exit 1) when the names changed
// more than the version did: a removed or renamed name needs a major step of SDK_VERSION
// (core/sdk/version.ts); an added one joins the version names were last added in while it is
// unreleased, or a later minor one.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { createJiti } from 'jiti';

const root = resolve(import.meta.dirname, '..');
const jiti = createJiti(import.meta.url, { alias: { '@core': resolve(root, 'core') } });
const { currentReport, formatReport, versionProblem, reportChanges, REPORT_FILE } = await jiti.import(
  resolve(root, 'core/sdk/tooling/export-report.ts'),
);
const { SDK_VERSION } = await jiti.import(resolve(root, 'core/sdk/version.ts'));

const recorded = existsSync(REPORT_FILE) ? JSON.parse(readFileSync(REPORT_FILE, 'utf8')) : undefined;
const current = currentReport(SDK_VERSION, recorded);
if (recorded) {
  const problem = versionProblem(recorded, current, SDK_VERSION);
  if (problem) {
    console.error(`sdk:report: ${problem}`);
    process.exit(1);
  }
  const changes = reportChanges(recorded, current);
  for (const [label, names] of Object.entries(changes))
    if (names.length > 0) console.log(`${label}: ${names.join(', ')}`);
}
writeFileSync(REPORT_FILE, formatReport(current));
const names = Object.entries(current.entries).flatMap(([entry, exported]) =>
  Object.entries(exported).map(([name, about]) => ({ entry, name, ...about })),
);
for (const { entry, name, deprecated } of names.filter((name) => name.deprecated))
  console.log(`deprecated: ${entry}:${name} (${deprecated})`);
console.log(`${relative(root, REPORT_FILE)}: ${names.length} names at SDK ${SDK_VERSION}`);
