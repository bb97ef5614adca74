import { meResponse } from '../auth.ts';
import { defineRoute } from './define.ts';

export const users = {
  /** The signed-in user. */
  me: defineRoute({ method: 'GET', path: '/users/me', responses: { 200: meResponse } }),
};
