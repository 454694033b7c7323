// A notification published on one copy reaching a page connected through another: the superadmin
// holds a stream on every copy (the per-user cap, 3), buys a proxy through the local provider, and
// the copy whose runner settles the purchase job publishes "Proxy purchase finished" (the kernel's
// core.jobs source) to the buyer. LISTEN/NOTIFY must carry it to the other two copies' streams.
import { openStream } from './event-stream.mjs';
import { call, CheckFailure, expectData, waitFor } from './http.mjs';

const ARRIVES_WITHIN_MS = 15_000;
/** Core countries are keyed by their ISO 3166-1 numeric code: 826, the United Kingdom. */
const COUNTRY = 826;

export async function checkNotification({ balancer, copies, adminToken, runId, sql, figures }) {
  const streams = [];
  try {
    for (const copy of copies)
      streams.push({ copy, stream: await openStream(copy.url, adminToken, `the superadmin on ${copy.name}`) });
    const provider = await expectData(
      call(balancer, '/api/system/proxy-providers', {
        method: 'POST',
        token: adminToken,
        body: { name: `Local ${runId}`, adapter: 'local', credentials: {} },
      }),
      'creating a local proxy provider',
    );
    const buyer = copies[0];
    const startedAt = Date.now();
    const { job } = await expectData(
      call(buyer.url, '/api/system/proxies/purchase', {
        method: 'POST',
        token: adminToken,
        body: {
          provider: provider.id,
          country: COUNTRY,
          type: 'http',
          period_days: 30,
          quantity: 1,
          name: `cluster-${runId}`,
        },
      }),
      `buying a proxy on ${buyer.name}`,
      [202],
    );
    const settled = await waitFor(
      'the proxy purchase job finishing',
      async () => {
        const { rows } = await sql.query('SELECT state FROM core.jobs WHERE id = $1', [job]);
        return rows[0]?.state === 'succeeded' || rows[0]?.state === 'failed' ? rows[0].state : undefined;
      },
      { timeoutMs: ARRIVES_WITHIN_MS, everyMs: 100 },
    );
    const info = await expectData(
      call(balancer, `/api/jobs/${job}`, { token: adminToken }),
      `reading job ${job}`,
      [200],
    );
    if (!info.label) throw new CheckFailure(`the proxy purchase job (${settled}) has no label, so it notifies no one`);
    const arrivals = await Promise.all(
      streams.map(({ stream }) =>
        stream
          .waitFor(
            ({ event, data }) =>
              event === 'notification' && data.source === 'core.jobs' && String(data.link ?? '').includes('proxies'),
            ARRIVES_WITHIN_MS,
          )
          .then(({ data, at }) => ({ ms: at - startedAt, title: data.title })),
      ),
    );
    // The unread count follows the notification in an event of its own.
    const counted = await Promise.all(
      streams.map(({ stream }) =>
        stream
          .waitFor(({ event, data }) => event === 'unread' && data.unread >= 1, ARRIVES_WITHIN_MS)
          .then(
            () => true,
            () => false,
          ),
      ),
    );
    const unread = counted.filter(Boolean).length;
    figures.add(
      `notification "${arrivals[0].title}" (job ${settled}) reached`,
      `${streams.map(({ copy }, index) => `${copy.name} ${(arrivals[index].ms / 1000).toFixed(2)} s`).join(', ')} after the purchase`,
    );
    figures.add('streams told the unread count', `${unread}/${streams.length}`);
    if (unread < streams.length)
      throw new CheckFailure(`${streams.length - unread} stream(s) got the notification without an unread count`);
  } finally {
    await Promise.all(streams.map(({ stream }) => stream.close()));
  }
}
