// Domain purchases through the local registrar and CDN, started at once through the balancer:
// the three copies' job runners compete for the queued jobs, and each job must run exactly once
// (one attempt, one registration, one CDN zone per domain).
import { call, CheckFailure, expectData, waitFor } from './http.mjs';

const PURCHASES = 6;

async function setUpProject({ balancer, token, runId, sql }) {
  const create = (path, body, what) =>
    expectData(call(balancer, `/api/system/${path}`, { method: 'POST', token, body }), what);
  const registrar = await create(
    'services',
    { name: `Local registrar ${runId}`, group: 'registrar', adapter: 'local' },
    'creating a local registrar',
  );
  const cdn = await create(
    'services',
    { name: `Local CDN ${runId}`, group: 'cdn', adapter: 'local' },
    'creating a local CDN',
  );
  const project = await create(
    'projects',
    { name: `Cluster ${runId}`, registrar: registrar.id, cdn: cdn.id },
    'creating a project',
  );
  const { rows } = await sql.query("SELECT id FROM core.countries WHERE code = 'GB'");
  const registrant = await create(
    'domain-users',
    {
      first_name: 'Ada',
      last_name: 'Byron',
      address: '12 St James Square',
      city: 'London',
      province: 'London',
      country: Number(rows[0].id),
      postal_code: 'SW1Y 4LE',
      phone: '+442079460000',
      email: 'ada@agency.example',
    },
    'creating a domain user',
  );
  return { project: project.id, domainUser: registrant.id };
}

export async function checkDomainPurchase({ balancer, adminToken, runId, sql, figures }) {
  const { project, domainUser } = await setUpProject({ balancer, token: adminToken, runId, sql });
  const names = Array.from({ length: PURCHASES }, (_, index) => `cluster-${runId}-${index + 1}.example`);
  const started = Date.now();
  const purchases = await Promise.all(
    names.map((name) =>
      expectData(
        call(balancer, '/api/system/domains/purchase', {
          method: 'POST',
          token: adminToken,
          body: { name, project, domain_user: domainUser, years: 1 },
        }),
        `buying ${name}`,
        [202],
      ),
    ),
  );
  const jobIds = purchases.map((purchase) => String(purchase.job));
  const jobs = await waitFor(
    'the domain purchase jobs finishing',
    async () => {
      const { rows } = await sql.query('SELECT id::text, state, attempts FROM core.jobs WHERE id = ANY($1::bigint[])', [
        jobIds,
      ]);
      return rows.every((row) => row.state !== 'queued' && row.state !== 'running') ? rows : undefined;
    },
    { timeoutMs: 30_000, everyMs: 200 },
  );
  const finishedMs = Date.now() - started;
  const unsuccessful = jobs.filter((job) => job.state !== 'succeeded' || job.attempts !== 1);
  if (unsuccessful.length > 0) {
    throw new CheckFailure(
      `domain purchase jobs did not each succeed in one attempt: ${unsuccessful.map((job) => `#${job.id} ${job.state} after ${job.attempts}`).join(', ')}`,
    );
  }
  const perDomain = await sql.query(
    `SELECT d.name,
       (SELECT count(*) FROM core.jobs j WHERE j.kind = 'system.domain-purchase' AND j.subject = 'system.domains:' || d.id)::int AS jobs,
       (SELECT count(*) FROM system.local_registrations r WHERE r.name = d.name)::int AS registrations,
       (SELECT count(*) FROM system.local_cdn_zones z WHERE z.name = d.name)::int AS zones,
       d.job_status
     FROM system.domains d WHERE d.name = ANY($1::text[])`,
    [names],
  );
  const wrong = perDomain.rows.filter(
    (row) => row.jobs !== 1 || row.registrations !== 1 || row.zones !== 1 || row.job_status !== 'succeeded',
  );
  if (perDomain.rows.length !== PURCHASES || wrong.length > 0) {
    throw new CheckFailure(
      `a purchase ran other than once: ${JSON.stringify(wrong.length > 0 ? wrong : perDomain.rows)}`,
    );
  }
  figures.add(
    `domain purchases at once (${PURCHASES})`,
    `${PURCHASES} jobs of 1 attempt, ${PURCHASES} registrations, ${PURCHASES} CDN zones; done in ${(finishedMs / 1000).toFixed(1)} s`,
  );
}
