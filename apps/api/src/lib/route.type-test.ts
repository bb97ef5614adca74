/**
 * The API side of the link (issue 26), proved by `npm run typecheck`: a handler registered from a declaration gets
 * its params, query and body typed from it and must return its answer's type; each `@ts-expect-error` line is one the
 * contract refuses. Never run: the registrations sit in a function nobody calls.
 */
import { auth, defineRoute, tracking, users } from '@passerelle/contract/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerRoute } from './route.ts';

export function handlersTheContractRefuses(app: FastifyInstance): void {
  // @ts-expect-error: /users/me answers the user, not a list
  registerRoute(app, users.me, {}, async () => [{ userType: 'admissible', prenom: 'A', nom: 'B', mail: 'a@b.fr' }]);
  // @ts-expect-error: a field of the answer is missing (mail)
  registerRoute(app, users.me, {}, async () => ({ userType: 'admissible', prenom: 'A', nom: 'B' }));
  registerRoute(app, tracking.get, {}, async (request) => {
    // @ts-expect-error: the id is a number once the schema coerced it
    const id: string = request.params.id;
    // @ts-expect-error: the route has no body
    void request.body.t;
    throw new Error(id);
  });
  registerRoute(app, auth.exchange, {}, async (request) => {
    // @ts-expect-error: the body's field is `t`
    void request.body.token;
    return { token: request.body.t };
  });
}

// @ts-expect-error: the path has a parameter and the declaration no `params`
export const withoutParams = defineRoute({ method: 'GET', path: '/things/:id', responses: { 200: z.string() } });
export const wrongParams = defineRoute({
  method: 'GET',
  path: '/things/:id',
  // @ts-expect-error: the params schema lacks the path's `id`
  params: z.object({ n: z.string() }),
  responses: { 200: z.string() },
});
