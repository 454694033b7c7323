import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import {
  ApiError,
  assertNoBody,
  ID_PARAMS,
  notFound,
  validationError,
  type IdParams,
  type ServerPluginContext,
} from '@core/sdk/server';
import type { TestEventAnswer } from '../../shared/conversions';
import { conversionApisResource } from '../../shared/resources';
import type { GraphEventsAnswer } from '../graph-api';
import { GraphError, platformFailure } from '../graph';
import { NO_TEST_EVENT_CODE } from './messages-ru';
import { refusalSummary, testResultSummary, testServerEvent, type EventSender } from './test-event';

interface PixelRow {
  readonly pixel_id: string;
  readonly token: string;
  readonly verified_domain: string;
  readonly test_event_code: string | null;
}

export interface TestEventDeps {
  readonly sender: EventSender;
  readonly now?: () => Date;
}

/**
 * `POST conversion-apis/:id/test-event` (MC, no body): one test server event through the Graph
 * adapter with the record's test event code, the platform's answer stored on the record
 * (`tested_at`, `test_result`, through the engine's write path, so it is in the history) and
 * answered. No database transaction is open while the platform answers. A refusal is stored too
 * and answered 502 with the platform's words (the adapter keeps the token out of them); the
 * platform's rate limit is a 503 with Retry-After.
 */
export function testEventRoute(
  app: FastifyInstance,
  { db, records, routes }: Pick<ServerPluginContext, 'db' | 'records' | 'routes'>,
  deps: TestEventDeps,
): void {
  const now = deps.now ?? (() => new Date());
  app.post<{ Params: IdParams }>(
    `/${conversionApisResource.path}/:id/test-event`,
    { config: { access: { requires: 'MC' } }, schema: { params: ID_PARAMS } },
    async (request): Promise<DataEnvelope<TestEventAnswer>> => {
      assertNoBody(request.body);
      const { rows } = await db.query<PixelRow>(
        `SELECT pixel_id, token, verified_domain, test_event_code FROM ${conversionApisResource.table} WHERE id = $1 AND deleted_at IS NULL`,
        [request.params.id],
      );
      const pixel = rows[0];
      if (!pixel) throw notFound();
      if (!pixel.test_event_code) throw validationError({ test_event_code: [NO_TEST_EVENT_CODE] });
      const sentAt = now();
      const event = testServerEvent(pixel.verified_domain, sentAt);
      const record = (test_result: string) =>
        records.change(
          conversionApisResource,
          request.params.id,
          { action: 'test-event', values: { tested_at: sentAt.toISOString(), test_result } },
          routes.actorOf(request),
        );
      let answer: GraphEventsAnswer;
      try {
        answer = await deps.sender.sendEvents(pixel.pixel_id, pixel.token, [event], pixel.test_event_code);
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        await record(refusalSummary(error.message));
        throw error.kind === 'rate-limit' ? platformFailure(error) : new ApiError(502, error.message);
      }
      await record(testResultSummary(answer));
      return {
        data: {
          event_id: event.event_id,
          events_received: answer.events_received,
          fbtrace_id: answer.fbtrace_id,
          messages: answer.messages,
        },
      };
    },
  );
}
