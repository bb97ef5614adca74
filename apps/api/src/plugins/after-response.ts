import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { errorSummary } from '../lib/logger.ts';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Runs `work` once this answer is sent, so that its duration cannot be read from the answer (POST /auth/login-link
     * must not tell, by its speed, whether an address has an account). A failure is logged with its error type and
     * code only: no message, which may quote the data (an address) the work was about.
     */
    afterResponse: (label: string, work: () => Promise<void>) => void;
  }
  interface FastifyInstance {
    /** Resolves once every piece of work handed to `reply.afterResponse` so far has finished. Closing the app waits for it. */
    afterResponseSettled: () => Promise<void>;
  }
}

/** The error's class and codes (its own, the database's SQLSTATE), nothing else. */
function errorCodes(err: unknown) {
  const { type, code, dbCode } = errorSummary(err);
  return { type, ...(code ? { code } : {}), ...(dbCode ? { dbCode } : {}) };
}

export const afterResponsePlugin = fp(async (app: FastifyInstance) => {
  const running = new Set<Promise<void>>();

  app.decorateReply('afterResponse', function (this: FastifyReply, label: string, work: () => Promise<void>) {
    const log = this.log;
    let start: () => void = () => {};
    const sent = new Promise<void>((resolve) => {
      start = resolve;
    });
    // Counted as running from now, so that `afterResponseSettled` right after the answer waits for it too.
    const run: Promise<void> = sent
      .then(work)
      .catch((err: unknown) => log.error({ err: errorCodes(err), work: label }, 'work after the answer failed'))
      .finally(() => running.delete(run));
    running.add(run);
    // 'finish': the answer is handed to the network; 'close' also comes when the connection is lost before that.
    this.raw.once('finish', start);
    this.raw.once('close', start);
  });

  const settled = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };
  app.decorate('afterResponseSettled', settled);
  app.addHook('onClose', settled);
});
