import type { StaffWorkshopsResponse } from '@passerelle/contract/staff-workshops';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** The workshops whose registrants may be exported (GET /api/staff/workshops). */
export const exportWorkshopsQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'workshops'],
    queryFn: ({ signal }) => api<StaffWorkshopsResponse>('/staff/workshops', { signal }),
  });

export const useExportWorkshops = () => useQuery(exportWorkshopsQueryOptions());
