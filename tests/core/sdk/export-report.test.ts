import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareVersions } from '@core/sdk/semver';
import { SDK_VERSION } from '@core/sdk/shared';
import {
  currentReport,
  formatReport,
  REPORT_FILE,
  versionProblem,
  type ExportKind,
  type ExportReport,
} from '@core/sdk/tooling/export-report';

const recorded = JSON.parse(readFileSync(REPORT_FILE, 'utf8')) as ExportReport;

describe('the SDK export report (core/sdk/exports.json)', () => {
  it('records the names the entry points export now, taken at this SDK_VERSION', () => {
    const current = currentReport(SDK_VERSION, recorded);
    // Says which version step the change needs before saying the report is stale.
    expect(versionProblem(recorded, current, SDK_VERSION)).toBeNull();
    expect(current, 'the SDK exports other names than core/sdk/exports.json records: run `npm run sdk:report`').toEqual(
      recorded,
    );
    expect(formatReport(current), 'core/sdk/exports.json is not as `npm run sdk:report` writes it').toBe(
      readFileSync(REPORT_FILE, 'utf8'),
    );
  });

  it('gives every name the version it was added in, as the history of the report says, and each deprecated one its replacement', () => {
    const since = (entry: string, name: string) => recorded.entries[entry]?.[name]?.since;
    expect(since('@core/sdk/shared', 'defineResource')).toBe('1.0.0');
    expect(since('@core/sdk/web', 'BarChart')).toBe('1.5.0');
    expect(since('@core/sdk/server', 'PerformanceService')).toBe('1.5.0');
    expect(since('@core/sdk/server', 'readCsv')).toBe('1.3.0');
    expect(since('@core/sdk/web', 'DashboardWidgetContribution')).toBe('1.7.0');
    expect(recorded.entries['@core/sdk/server']?.usersService?.deprecated).toMatch(/^Since SDK 2\.0: `context\.users`/);
    expect(Object.keys(recorded.entries['@core/sdk/server']?.ServerPluginContext?.deprecatedMembers ?? {})).toEqual([
      'messaging',
      'spreadsheets',
      'exchangeRates',
      'performance',
    ]);
    for (const names of Object.values(recorded.entries)) {
      for (const { since: version } of Object.values(names))
        expect(compareVersions(version, SDK_VERSION)).toBeLessThanOrEqual(0);
    }
  });
});

describe('versionProblem', () => {
  // Every name since the report's version, which is what `currentReport` gives names it has not seen.
  const report = (version: string, shared: Record<string, ExportKind>, since = version): ExportReport => ({
    version,
    entries: {
      '@core/sdk/shared': Object.fromEntries(Object.entries(shared).map(([name, kind]) => [name, { kind, since }])),
    },
  });
  const base = report('1.2.3', { defineResource: 'function', Money: 'interface' });

  it('accepts the same names at the same or a later version', () => {
    expect(
      versionProblem(base, report('1.2.3', { defineResource: 'function', Money: 'interface' }), '1.2.3'),
    ).toBeNull();
    expect(
      versionProblem(base, report('1.2.4', { defineResource: 'function', Money: 'interface' }), '1.2.4'),
    ).toBeNull();
  });

  it('takes an added name at the version names were last added in, or a later minor one, not a patch over it', () => {
    const grown = { defineResource: 'function', Money: 'interface', formatDay: 'function' } as const;
    expect(versionProblem(base, report('1.2.3', grown), '1.2.3')).toBeNull();
    expect(versionProblem(base, report('1.2.4', grown), '1.2.4')).toBe(
      "the SDK's names grew (added: @core/sdk/shared:formatDay) after 1.2.3, the version names were last added in: SDK_VERSION must go to at least 1.3.0, or stay 1.2.3 while that is unreleased (it is 1.2.4)",
    );
    expect(versionProblem(base, report('1.3.0', grown), '1.3.0')).toBeNull();
    expect(versionProblem(base, report('2.0.0', grown), '2.0.0')).toBeNull();
    // Taken at 1.2.4 with no names added in it: 1.2.3 was left, so 1.2.4 cannot take new names.
    const patched = report('1.2.4', { defineResource: 'function', Money: 'interface' }, '1.2.3');
    expect(versionProblem(patched, report('1.2.4', grown), '1.2.4')).toMatch(/must go to at least 1\.3\.0/);
  });

  it('keeps a recorded name’s since and gives a new one the version it is taken at', () => {
    const current = currentReport('9.9.9', recorded);
    expect(current.entries['@core/sdk/web']?.BarChart?.since).toBe('1.5.0');
    const fresh = currentReport('9.9.9');
    expect(fresh.entries['@core/sdk/web']?.BarChart?.since).toBe('9.9.9');
  });

  it('needs a major step for a removed or renamed name, or one turned between type and value', () => {
    expect(versionProblem(base, report('1.9.0', { defineResource: 'function' }), '1.9.0')).toMatch(
      /removed: @core\/sdk\/shared:Money\): SDK_VERSION must go to 2\.0\.0/,
    );
    expect(versionProblem(base, report('1.9.0', { defineResource: 'function', Cash: 'interface' }), '1.9.0')).toMatch(
      /must go to 2\.0\.0/,
    );
    expect(versionProblem(base, report('1.9.0', { defineResource: 'type', Money: 'interface' }), '1.9.0')).toMatch(
      /changed between type and value: @core\/sdk\/shared:defineResource/,
    );
    expect(versionProblem(base, report('2.0.0', { defineResource: 'function' }), '2.0.0')).toBeNull();
  });

  it('takes a kind changed within values or within types as a minor change', () => {
    expect(versionProblem(base, report('1.2.4', { defineResource: 'const', Money: 'type' }), '1.2.4')).toMatch(
      /changed kind/,
    );
    expect(versionProblem(base, report('1.3.0', { defineResource: 'const', Money: 'type' }), '1.3.0')).toBeNull();
  });

  it('refuses a version older than the report’s', () => {
    expect(versionProblem(base, base, '1.2.2')).toBe("SDK_VERSION 1.2.2 is older than the report's 1.2.3");
  });
});

describe('currentReport', () => {
  it('reads every entry point, each name with the kind of its declaration', () => {
    const entries = currentReport(SDK_VERSION).entries;
    const kinds = (entry: string) =>
      Object.fromEntries(Object.entries(entries[entry] ?? {}).map(([name, { kind }]) => [name, kind]));
    expect(Object.keys(entries).sort()).toEqual([
      '@core/sdk/server',
      '@core/sdk/shared',
      '@core/sdk/testing',
      '@core/sdk/testing-e2e',
      '@core/sdk/testing-web',
      '@core/sdk/web',
    ]);
    expect(kinds('@core/sdk/shared')).toMatchObject({
      SDK_VERSION: 'const',
      defineResource: 'function',
      PluginManifest: 'interface',
      Language: 'type',
    });
    expect(kinds('@core/sdk/web')).toMatchObject({ HttpClients: 'class', useInjection: 'function' });
    expect(kinds('@core/sdk/server')).toMatchObject({ defineServerPlugin: 'function', Database: 'interface' });
  });
});
