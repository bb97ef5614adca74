import type { MeResponse, UserType } from '@passerelle/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

/** The signed-in user (GET /users/me), kept in the auth store too so that the header survives a reload. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }): Promise<MeResponse> => {
    const me = await call('GET /users/me', { signal });
    authStore.setUser(me);
    return me;
  },
  staleTime: 5 * 60_000,
});

/** SPEC section 6: only applicants are sent to the applicant space; everyone else starts at the home page. */
export const homePathOf = (userType: UserType | undefined): string =>
  userType === 'admissible' ? '/espace-admissible' : '/';
