import type { FastifyInstance } from 'fastify';
import type { Database } from '../database/database';
import type { MattermostSettings } from './auth-settings';

export function mattermostRoutes(_app: FastifyInstance, _db: Database, _settings: MattermostSettings): void {}
