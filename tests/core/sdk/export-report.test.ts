import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SDK_VERSION } from '@core/sdk/shared';
import { currentReport, REPORT_FILE, versionProblem, type ExportReport } from '@core/sdk/tooling/export-report';

const recorded = JSON.parse(readFileSync(REPORT_FILE, 'utf8')) as ExportReport;

describe('the SDK export report (core/sdk/exports.json)', () => {
  it('records the names the entry points export now, taken at this SDK_VERSION', () => {
    const current = currentReport(SDK_VERSION);
    // Says which version step the change needs before saying the report is stale.
    expect(versionProblem(recorded, current, SDK_VERSION)).toBeNull();
    expect(current, 'the SDK exports other names than core/sdk/exports.json records: run `npm run sdk:report`').toEqual(recorded);
  });
});

describe('versionProblem', () => {
  const report = (version: string, shared: Record<string, 'const' | 'function' | 'interface' | 'type'>): ExportReport => ({
    version,
    entries: { '@core/sdk/shared': shared },
  });
  const base = report('1.2.3', { defineResource: 'function', Money: 'interface' });

  it('accepts the same names at the same or a later version', () => {
    expect(versionProblem(base, report('1.2.3', { defineResource: 'function', Money: 'interface' }), '1.2.3')).toBeNull();
    expect(versionProblem(base, report('1.2.4', { defineResource: 'function', Money: 'interface' }), '1.2.4')).toBeNull();
  });

  it('needs a minor step for an added name', () => {
    const grown = { defineResource: 'function', Money: 'interface', formatDay: 'function' } as const;
    expect(versionProblem(base, report('1.2.4', grown), '1.2.4')).toMatch(/names grew \(added: @core\/sdk\/shared:formatDay\): SDK_VERSION must go to at least 1\.3\.0/);
    expect(versionProblem(base, report('1.3.0', grown), '1.3.0')).toBeNull();
    expect(versionProblem(base, report('2.0.0', grown), '2.0.0')).toBeNull();
  });

  it('needs a major step for a removed or renamed name, or one turned between type and value', () => {
    expect(versionProblem(base, report('1.9.0', { defineResource: 'function' }), '1.9.0')).toMatch(/removed: @core\/sdk\/shared:Money\): SDK_VERSION must go to 2\.0\.0/);
    expect(versionProblem(base, report('1.9.0', { defineResource: 'function', Cash: 'interface' }), '1.9.0')).toMatch(/must go to 2\.0\.0/);
    expect(versionProblem(base, report('1.9.0', { defineResource: 'type', Money: 'interface' }), '1.9.0')).toMatch(/changed between type and value: @core\/sdk\/shared:defineResource/);
    expect(versionProblem(base, report('2.0.0', { defineResource: 'function' }), '2.0.0')).toBeNull();
  });

  it('takes a kind changed within values or within types as a minor change', () => {
    expect(versionProblem(base, report('1.2.3', { defineResource: 'const', Money: 'type' }), '1.2.3')).toMatch(/changed kind/);
    expect(versionProblem(base, report('1.3.0', { defineResource: 'const', Money: 'type' }), '1.3.0')).toBeNull();
  });

  it('refuses a version older than the report’s', () => {
    expect(versionProblem(base, base, '1.2.2')).toBe("SDK_VERSION 1.2.2 is older than the report's 1.2.3");
  });
});

describe('currentReport', () => {
  it('reads every entry point, each name with the kind of its declaration', () => {
    const entries = currentReport(SDK_VERSION).entries;
    expect(Object.keys(entries).sort()).toEqual(['@core/sdk/server', '@core/sdk/shared', '@core/sdk/testing', '@core/sdk/testing-e2e', '@core/sdk/testing-web', '@core/sdk/web']);
    expect(entries['@core/sdk/shared']).toMatchObject({ SDK_VERSION: 'const', defineResource: 'function', PluginManifest: 'interface', Language: 'type' });
    expect(entries['@core/sdk/web']).toMatchObject({ HttpClients: 'class', useInjection: 'function' });
    expect(entries['@core/sdk/server']).toMatchObject({ defineServerPlugin: 'function', Database: 'interface' });
  });
});
