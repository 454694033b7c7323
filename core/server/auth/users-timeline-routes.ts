import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { TimelinePage } from '@core/shared/resource/record-page';
import type { Database } from '../database/database';
import { notFound } from '../http/api-error';
import { callerId } from '../http/route-access';
import { languageOf } from '../resource/route-kit';
import {
  addComment,
  hasTimeline,
  readComment,
  TIMELINE_QUERY,
  timelinePage,
  type TimelineQuery,
} from '../resource/timeline';
import { ID_PARAMS, USERS_ACCESS, type IdParams } from './users-common';
import { userExists } from './users-queries';

/** The audit resource id of staff accounts: the admin user page's timeline. */
export const USERS_AUDIT_RESOURCE = 'core.users';

/** A user's timeline and comments on it, for the admin user page (code JU); the same logic as a resource's. */
export function usersTimelineRoutes(app: FastifyInstance, db: Database): void {
  const config = { access: USERS_ACCESS };

  app.get<{ Params: IdParams; Querystring: TimelineQuery }>(
    '/users/:id/timeline',
    { schema: { params: ID_PARAMS, querystring: TIMELINE_QUERY }, config },
    async (request): Promise<DataEnvelope<TimelinePage>> => {
      const { id } = request.params;
      const page = await timelinePage(db, USERS_AUDIT_RESOURCE, id, null, request.query);
      if (
        page.entries.length === 0 &&
        !(await userExists(db, id)) &&
        !(await hasTimeline(db, USERS_AUDIT_RESOURCE, id))
      )
        throw notFound('User');
      return { data: page };
    },
  );

  app.post<{ Params: IdParams }>(
    '/users/:id/comments',
    { schema: { params: ID_PARAMS }, config: { ...config, input: 'handler' } },
    async (request, reply) => {
      const { id } = request.params;
      const text = readComment(request.body, languageOf(request));
      if (!(await userExists(db, id))) throw notFound('User');
      return reply.status(201).send({ data: await addComment(db, USERS_AUDIT_RESOURCE, id, text, callerId(request)) });
    },
  );
}
