import type { FastifyInstance } from 'fastify';
import { languageOf, serverMessageTranslation } from '@core/sdk/server';
import { formatMessage, type DataEnvelope } from '@core/sdk/shared';
import type { GraphVersionNotice } from '../../shared/graph-version';
import { graphVersionStanding, NEWEST_GRAPH_VERSION } from './graph-versions';
import { GRAPH_VERSION_EXPIRED, GRAPH_VERSION_EXPIRING, GRAPH_VERSION_UNKNOWN } from './messages';
import { GRAPH_MESSAGES_RU } from './messages-ru';

/**
 * The configured Graph version measured against Meta's table (graph-versions.ts): the warning, if
 * any, is logged once at start-up and answered by `GET graph-version` (FO, the services screen's
 * readers), whose screen shows it in the reader's language.
 */

/** The warning about `version` at `now`, in English; null while the version is current. */
export function graphVersionWarning(version: string, now: Date): string | null {
  const standing = graphVersionStanding(version, now);
  const values = { version, newest: NEWEST_GRAPH_VERSION };
  switch (standing.state) {
    case 'current':
      return null;
    case 'unknown':
      return formatMessage(GRAPH_VERSION_UNKNOWN, values);
    case 'expired':
      return formatMessage(GRAPH_VERSION_EXPIRED, { ...values, expires: standing.expires });
    case 'expiring':
      return formatMessage(GRAPH_VERSION_EXPIRING, { ...values, expires: standing.expires, days: standing.days });
  }
}

export function registerGraphVersionNotice(app: FastifyInstance, version: string, now: () => Date): void {
  const startWarning = graphVersionWarning(version, now());
  if (startWarning !== null) app.log.warn({ plugin: 'social', graphVersion: version }, startWarning);
  const translate = serverMessageTranslation(GRAPH_MESSAGES_RU);
  app.get(
    '/graph-version',
    { config: { access: { requires: 'FO' } } },
    async (request): Promise<DataEnvelope<GraphVersionNotice>> => {
      const warning = graphVersionWarning(version, now());
      return {
        data: { version, warning: warning === null ? null : translate(warning, languageOf(request)) },
      };
    },
  );
}
