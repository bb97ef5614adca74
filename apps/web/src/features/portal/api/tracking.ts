import { trackingListItem } from '@passerelle/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** Under ['tracking']: the tracking form invalidates that prefix after a save or a delete. */
export const trackingListQueryOptions = () =>
  queryOptions({
    queryKey: ['tracking', 'list'],
    queryFn: ({ signal }) => api(z.array(trackingListItem), '/admissibles/portal/suiviRechercheEmployeur', { signal }),
  });

export const useTrackingList = () => useQuery(trackingListQueryOptions());
