import type { FastifyInstance } from 'fastify';

/** Every API module, mounted under /api. One line per module. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  void app;
}
