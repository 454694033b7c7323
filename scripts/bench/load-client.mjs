// The load generator of the bench's load figures (load-bench.ts): one autocannon run, in a process
// of its own so the client's work never shares the server's event loop. Prints one JSON line.
// Usage: node scripts/bench/load-client.mjs '{"url":"…","connections":50,"seconds":10,"headers":{…}}'
import autocannon from 'autocannon';

const { url, connections, seconds, headers = {} } = JSON.parse(process.argv[2] ?? '{}');
if (!url || !connections || !seconds) {
  console.error('usage: node scripts/bench/load-client.mjs \'{"url":…,"connections":…,"seconds":…,"headers":{…}}\'');
  process.exit(2);
}

const result = await autocannon({ url, connections, duration: seconds, headers, timeout: 10 });
console.log(
  JSON.stringify({
    seconds: result.duration,
    ok: result['2xx'],
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count])),
    timeouts: result.timeouts,
    errors: result.errors,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  }),
);
