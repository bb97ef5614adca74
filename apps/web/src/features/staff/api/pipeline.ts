import type { StaffAlertsResponse, StaffDossiersResponse, StaffFiltersResponse } from '@passerelle/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/staff/dossiers with the view's parameters (utils/pipeline-view.ts), as the address holds them. */
export const staffDossiersQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['staff', 'dossiers', query],
    queryFn: ({ signal }) => api<StaffDossiersResponse>(`/staff/dossiers${query ? `?${query}` : ''}`, { signal }),
    // The list stays on screen while the next filter's answer comes, instead of blinking back to its skeleton.
    placeholderData: keepPreviousData,
  });

export const useStaffDossiers = (query: string) => useQuery(staffDossiersQueryOptions(query));

export const staffAlertsQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'alerts'],
    queryFn: ({ signal }) => api<StaffAlertsResponse>('/staff/alerts', { signal }),
    staleTime: 60_000,
  });

export const useStaffAlerts = () => useQuery(staffAlertsQueryOptions());

/** The schools and formations the filters offer: they change a few times a year. */
export const staffFiltersQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'filters'],
    queryFn: ({ signal }) => api<StaffFiltersResponse>('/staff/filters', { signal }),
    staleTime: 10 * 60_000,
  });

export const useStaffFilters = () => useQuery(staffFiltersQueryOptions());
