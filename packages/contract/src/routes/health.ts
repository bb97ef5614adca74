import { z } from 'zod';
import { errorBody } from '../errors.ts';
import { defineRoute } from './define.ts';

export const health = {
  /** The database answers: 200, else 503 with a Retry-After header. */
  check: defineRoute({
    method: 'GET',
    path: '/health',
    responses: { 200: z.object({ status: z.literal('ok') }), 503: errorBody },
  }),
};
