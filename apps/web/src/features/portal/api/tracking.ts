import type { TrackingListItem } from '@passerelle/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under ['tracking']: the tracking form invalidates that prefix after a save or a delete. */
export const trackingListQueryOptions = () =>
  queryOptions({
    queryKey: ['tracking', 'list'],
    queryFn: ({ signal }) => api<TrackingListItem[]>('/admissibles/portal/suiviRechercheEmployeur', { signal }),
  });

export const useTrackingList = () => useQuery(trackingListQueryOptions());
