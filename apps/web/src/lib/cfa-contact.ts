import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';

/** How to reach the CFA (GET /public/contact, no sign-in): the error pages, the about page. Changes with a deploy only. */
export const cfaContactQueryOptions = queryOptions({
  queryKey: ['public', 'contact'],
  queryFn: ({ signal }) => call('GET /public/contact', { signal, anonymous: true }),
  staleTime: Infinity,
});

export const useCfaContact = () => useQuery(cfaContactQueryOptions);
