import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, unreachableDatabase } from '../../support/server/test-database';

const HOST_WEB = resolve(import.meta.dirname, '../../../host/web');

/** The ICO header: reserved 0, type 1 (icon), then how many images the file holds. */
function icoImages(bytes: Buffer): number {
  return bytes.readUInt16LE(0) === 0 && bytes.readUInt16LE(2) === 1 ? bytes.readUInt16LE(4) : 0;
}

describe('the favicon', () => {
  let webRoot: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    // The web root as rspack.config.ts writes it: the page template and the icon copied beside it.
    webRoot = mkdtempSync(join(tmpdir(), 'erp-favicon-'));
    copyFileSync(join(HOST_WEB, 'index.html'), join(webRoot, 'index.html'));
    copyFileSync(join(HOST_WEB, 'favicon.ico'), join(webRoot, 'favicon.ico'));
    app = await buildServer({ db: unreachableDatabase(), webRoot });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers /favicon.ico with the icon, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\//);
    expect(icoImages(response.rawPayload)).toBeGreaterThan(0);
    expect(response.rawPayload.equals(readFileSync(join(HOST_WEB, 'favicon.ico')))).toBe(true);
  });

  it('is linked from the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/transactions' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<link rel="icon" href="\/favicon\.ico"/);
  });
});
