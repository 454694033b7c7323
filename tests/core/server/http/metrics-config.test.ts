import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@host/server/config';

const PROJECT_DEFAULTS = fileURLToPath(new URL('../../../../host/erp.config.json', import.meta.url));

describe('the metrics token in the configuration', () => {
  it('is none by default, and ERP_METRICS_TOKEN sets it over the file', () => {
    expect(loadConfig(PROJECT_DEFAULTS, {}).metricsToken).toBeUndefined();
    expect(loadConfig(PROJECT_DEFAULTS, { ERP_METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'erp-metrics-config-'));
    try {
      const file = join(dir, 'erp.json');
      writeFileSync(file, JSON.stringify({ metricsToken: 'token-from-the-file-0001' }));
      expect(loadConfig(PROJECT_DEFAULTS, { ERP_CONFIG: file }).metricsToken).toBe('token-from-the-file-0001');
      expect(
        loadConfig(PROJECT_DEFAULTS, { ERP_CONFIG: file, ERP_METRICS_TOKEN: 'token-from-the-env-0001' }).metricsToken,
      ).toBe('token-from-the-env-0001');
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('refuses a token short enough to guess, in one line naming the setting', () => {
    expect(() => loadConfig(PROJECT_DEFAULTS, { ERP_METRICS_TOKEN: 'short' })).toThrow(
      'config "metricsToken" (ERP_METRICS_TOKEN) must be at least 16 characters',
    );
  });
});
