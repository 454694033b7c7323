import type { FastifyInstance } from 'fastify';
import type { Database } from '../database/database';
import type { AuthSettings } from './auth-settings';
import { authRoutes } from './auth-routes';
import { sessionIssuer } from './session-issuer';

export interface AuthServiceOptions {
  readonly db: Database;
  readonly secret: string;
  readonly settings: AuthSettings;
  /** The service's mount point; the refresh cookie is sent only below it. */
  readonly prefix: string;
}

/** The core auth service: always mounted, whatever plugins are enabled. */
export async function authService(app: FastifyInstance, options: AuthServiceOptions): Promise<void> {
  const sessions = sessionIssuer(options.db, options.secret, `${options.prefix}/`);
  authRoutes(app, options.db, sessions);
}
