import type { FastifyInstance } from 'fastify';
import type { Database } from '../database/database';

export function rolesRoutes(_app: FastifyInstance, _db: Database): void {}
