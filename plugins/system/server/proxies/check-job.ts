import { PermanentJobError, type Actor, type JobKind, type ServerPluginContext } from '@core/sdk/server';
import { parseHostPort } from '../../shared/network';
import { PROXY_CHECK_JOB, type ProxyCheckResult } from '../../shared/proxy-purchase';
import { proxiesResource, type ProxyStatus, type ProxyType } from '../../shared/resources';
import { todayUtc } from './expiry-sweep';
import { ANSWERED, ASKING_EXIT_ADDRESS, CHECK_FAILED, PROXY_DELETED } from './job-log';
import { ProbeError } from './probe-error';
import type { ProxyConfig } from './proxy-config';
import { probeProxy, type ProbeResult } from './proxy-probe';

/*
 * A proxy check as a background job: connect through the proxy to the configured "what is my IP"
 * address, then store when, how fast, the exit address and any error on the proxy through the
 * engine's write path (action `check`). The status follows: active when it answered, failing when
 * not, expired once its end date has passed whatever the answer; a proxy someone disabled stays
 * disabled. The login:pass is read here and goes only into the proxy's handshake.
 */

export interface CheckPayload {
  readonly proxy: number;
}

/** How long the whole check (connect, handshake, answer) may take. */
const PROBE_TIMEOUT_MS = 15_000;

interface StoredProxy {
  readonly address: string;
  readonly type: ProxyType;
  readonly credentials_pair: string | null;
  readonly end_date: string | null;
  readonly status: ProxyStatus;
}

async function storedProxy(context: ServerPluginContext, id: number): Promise<StoredProxy | null> {
  const { rows } = await context.db.query<StoredProxy>(
    `SELECT address, type, credentials_pair, end_date::text AS end_date, status FROM ${proxiesResource.table} WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows[0] ?? null;
}

/** `login:pass` split at its first colon (a password may hold colons). */
function credentialsOf(pair: string | null): { user: string; pass: string } | null {
  const at = pair?.indexOf(':') ?? -1;
  return pair && at > 0 ? { user: pair.slice(0, at), pass: pair.slice(at + 1) } : null;
}

function statusAfter(proxy: StoredProxy, ok: boolean, today: string): ProxyStatus {
  if (proxy.end_date !== null && proxy.end_date < today) return 'expired';
  if (proxy.status === 'disabled') return 'disabled';
  return ok ? 'active' : 'failing';
}

export function defineCheckJob(context: ServerPluginContext, config: ProxyConfig): JobKind<CheckPayload> {
  return context.jobs.define<CheckPayload, ProxyCheckResult>({
    kind: PROXY_CHECK_JOB,
    requires: 'YP',
    timeoutMs: 60_000,
    maxAttempts: 2,
    async run(job, ctx) {
      const id = ctx.payload.proxy;
      const proxy = await storedProxy(context, id);
      if (!proxy) throw new PermanentJobError(PROXY_DELETED);
      await ctx.step('Checking', 20);
      await ctx.log({ key: ASKING_EXIT_ADDRESS, params: { address: proxy.address, type: proxy.type } });

      const address = parseHostPort(proxy.address);
      let probe: ProbeResult | null = null;
      let error: string | null = null;
      try {
        if (!address) throw new ProbeError('The address is not an IP address and port.');
        probe = await probeProxy(
          {
            host: address.host,
            port: address.port,
            type: proxy.type,
            credentials: credentialsOf(proxy.credentials_pair),
          },
          config.proxyCheckUrl,
          PROBE_TIMEOUT_MS,
          ctx.signal,
        );
      } catch (failure) {
        // A cancelled or timed-out job stops here rather than calling the proxy failing.
        if (ctx.signal.aborted) throw failure;
        if (!(failure instanceof ProbeError)) throw failure;
        error = failure.message;
      }

      await ctx.step('Recording', 90);
      const status = statusAfter(proxy, probe !== null, todayUtc(new Date()));
      const actor: Actor = { id: job.createdBy, language: 'en' };
      await context.records.change(
        proxiesResource,
        id,
        {
          action: 'check',
          values: {
            checked_at: new Date().toISOString(),
            latency_ms: probe?.latencyMs ?? null,
            exit_ip: probe?.exitIp ?? null,
            check_error: error,
            status,
          },
        },
        actor,
      );
      await ctx.log(
        probe
          ? { key: ANSWERED, params: { latency: probe.latencyMs, ip: probe.exitIp, status } }
          : { key: CHECK_FAILED, params: { error: error ?? '', status } },
        probe ? 'info' : 'warn',
      );
      return { ok: probe !== null, latency_ms: probe?.latencyMs ?? null, exit_ip: probe?.exitIp ?? null, error };
    },
  });
}
