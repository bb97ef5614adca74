import type { RouteMap, RouteQuery } from '@passerelle/contract/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, type PipelineView } from '../utils/pipeline-view';

/** The list's filters, order and page, as the API reads them. */
export type StaffDossiersListQuery = RouteQuery<RouteMap['GET /staff/dossiers']>;

/** The view's parameters that differ from the defaults, as utils/pipeline-view.ts writes them in the address. */
export function viewQuery(view: PipelineView): StaffDossiersListQuery {
  const text = (value: string) => value.trim() || undefined;
  return {
    q: text(view.q),
    statut: view.statut.length > 0 ? view.statut : undefined,
    school: text(view.school),
    formation: view.formation ?? undefined,
    step: view.step ?? undefined,
    waitingFor: view.waitingFor ?? undefined,
    employer: text(view.employer),
    alert: view.alert ?? undefined,
    updatedFrom: text(view.updatedFrom),
    updatedTo: text(view.updatedTo),
    sort: view.sort === DEFAULT_SORT ? undefined : view.sort,
    page: view.page === 1 ? undefined : view.page,
    pageSize: view.pageSize === DEFAULT_PAGE_SIZE ? undefined : view.pageSize,
  };
}

/** GET /api/staff/dossiers with the view's parameters (utils/pipeline-view.ts). */
export const staffDossiersQueryOptions = (view: PipelineView) => {
  const query = viewQuery(view);
  return queryOptions({
    queryKey: ['staff', 'dossiers', query],
    queryFn: ({ signal }) => call('GET /staff/dossiers', { query, signal }),
    // The list stays on screen while the next filter's answer comes, instead of blinking back to its skeleton.
    placeholderData: keepPreviousData,
  });
};

export const useStaffDossiers = (view: PipelineView) => useQuery(staffDossiersQueryOptions(view));

export const staffAlertsQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'alerts'],
    queryFn: ({ signal }) => call('GET /staff/alerts', { signal }),
    staleTime: 60_000,
  });

export const useStaffAlerts = () => useQuery(staffAlertsQueryOptions());

/** The schools and formations the filters offer: they change a few times a year. */
export const staffFiltersQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'filters'],
    queryFn: ({ signal }) => call('GET /staff/filters', { signal }),
    staleTime: 10 * 60_000,
  });

export const useStaffFilters = () => useQuery(staffFiltersQueryOptions());
