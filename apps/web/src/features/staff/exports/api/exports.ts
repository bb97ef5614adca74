import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';

/** The workshops whose registrants may be exported (GET /api/staff/workshops). */
export const exportWorkshopsQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'workshops'],
    queryFn: ({ signal }) => call('GET /staff/workshops', { signal }),
  });

export const useExportWorkshops = () => useQuery(exportWorkshopsQueryOptions());
