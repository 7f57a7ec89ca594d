import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { startIndexer } from './index.js';
export function check(app: FastifyInstance, ctx: ServerContext) {
  return startIndexer(ctx, app.log);
}
