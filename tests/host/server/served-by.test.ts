import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@host/server/config';
import { nameAnswers, SERVED_BY_HEADER } from '@host/server/served-by';

const PROJECT_DEFAULTS = fileURLToPath(new URL('../../../host/erp.config.json', import.meta.url));

let server: Server;
let url: string;

beforeAll(async () => {
  // Answers 503 on /failing and 200 elsewhere, as a route or an error handler would.
  server = createServer((request, response) => {
    response.statusCode = request.url === '/failing' ? 503 : 200;
    response.end('{}');
  });
  nameAnswers(server, 'erp-2');
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the test server has no port');
  url = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
});

describe('the copy behind a balancer names itself (ERP_INSTANCE_NAME → x-served-by)', () => {
  it('reads ERP_INSTANCE_NAME, and none when unset or empty', () => {
    expect(loadConfig(PROJECT_DEFAULTS, { ERP_INSTANCE_NAME: 'erp-2' }).instanceName).toBe('erp-2');
    expect(loadConfig(PROJECT_DEFAULTS, {}).instanceName).toBeUndefined();
    expect(loadConfig(PROJECT_DEFAULTS, { ERP_INSTANCE_NAME: '' }).instanceName).toBeUndefined();
  });

  it('puts the name on every answer, an error as well as a success', async () => {
    expect((await fetch(`${url}/api/ready`)).headers.get(SERVED_BY_HEADER)).toBe('erp-2');
    expect((await fetch(`${url}/failing`)).headers.get(SERVED_BY_HEADER)).toBe('erp-2');
  });
});
