import type { FastifyInstance } from 'fastify';
import type { Database } from '../database/database';

export function usersRoutes(_app: FastifyInstance, _db: Database): void {}
