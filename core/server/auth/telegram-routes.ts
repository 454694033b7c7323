import type { FastifyInstance } from 'fastify';
import type { Database } from '../database/database';
import type { TelegramSettings } from './auth-settings';
import type { SessionIssuer } from './session-issuer';

export function telegramRoutes(_app: FastifyInstance, _db: Database, _sessions: SessionIssuer, _settings: TelegramSettings): void {}
