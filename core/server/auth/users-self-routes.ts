import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { SessionUser } from '@core/shared/session-user';
import type { Database } from '../database/database';
import { unauthenticated, validationError } from '../http/api-error';
import { callerId } from '../http/route-access';
import { actorOf } from '../resource/route-kit';
import { findAccountById } from './user-directory';
import { INVALID_EMAIL, isEmail, MAX_EMAIL_LENGTH } from './users-input';
import { updateUser } from './users-store';
import { assertUnique, rethrowUniqueViolation } from './users-unique';

const updateSelfSchema = {
  body: {
    type: 'object',
    required: ['email'],
    additionalProperties: false,
    properties: { email: { type: 'string', maxLength: MAX_EMAIL_LENGTH } },
  },
} as const;

/** What any signed-in user may change about themself. */
export function usersSelfRoutes(app: FastifyInstance, db: Database): void {
  app.post<{ Body: { email: string } }>(
    '/user/update',
    { schema: updateSelfSchema, config: { access: { signedIn: true } } },
    async (request): Promise<DataEnvelope<SessionUser>> => {
      const id = callerId(request);
      const email = request.body.email.trim();
      if (!isEmail(email)) throw validationError({ email: [INVALID_EMAIL] });
      // The access token outlives a block or deletion by minutes; such a caller changes nothing.
      const account = await findAccountById(db, id);
      if (!account || account.user.status !== 'active') throw unauthenticated();
      await assertUnique(db, 'email', email, id);
      await db.transaction((tx) => updateUser(tx, id, { email }, {}, actorOf(request))).catch(rethrowUniqueViolation);
      const updated = await findAccountById(db, id);
      if (!updated) throw unauthenticated();
      return { data: updated.user };
    },
  );
}
