import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Under ['tracking']: the tracking form invalidates that prefix after a save or a delete. */
export const trackingListQueryOptions = () =>
  queryOptions({
    queryKey: ['tracking', 'list'],
    queryFn: ({ signal }) => call('GET /admissibles/portal/suiviRechercheEmployeur', { signal }),
  });

export const useTrackingList = () => useQuery(trackingListQueryOptions());
