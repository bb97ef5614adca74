import type { PipelineAlert, PipelineSort, PipelineWaitingFor } from '@passerelle/contract';
import { progressSteps, type ProgressStep } from '@passerelle/contract/dossier-progress';

// The contract's lists, as values: importing them from the contract would bring zod and every schema into the screen.
// `every` fails to compile when the contract gains a value a list lacks.
const every =
  <Union extends string>() =>
  <const List extends readonly Union[]>(
    list: List & ([Exclude<Union, List[number]>] extends [never] ? unknown : never),
  ) =>
    list;
export const pipelineSorts = every<PipelineSort>()(['-updated', 'updated', 'name', 'id']);
export const pipelineWaitingFor = every<PipelineWaitingFor>()(['applicant', 'company', 'school']);
export const pipelineAlerts = every<PipelineAlert>()(['stale', 'waiting']);

/**
 * The pipeline's view (issue 10) lives in the address, under the API's own parameter names, so that a view can be
 * reloaded, shared and bookmarked, and the back button walks back through the filters. Defaults stay out of the
 * address; what cannot be read (a status 99, a page "x") is dropped rather than sent.
 */
export interface PipelineView {
  q: string;
  statut: number[];
  school: string;
  formation: number | null;
  step: ProgressStep | null;
  waitingFor: PipelineWaitingFor | null;
  employer: string;
  alert: PipelineAlert | null;
  updatedFrom: string;
  updatedTo: string;
  sort: PipelineSort;
  page: number;
  pageSize: number;
}

export const DEFAULT_SORT: PipelineSort = '-updated';
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const STATUTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;

/** The parameters that narrow the list (the rest only order or page it). */
export const filterKeys = [
  'q',
  'statut',
  'school',
  'formation',
  'step',
  'waitingFor',
  'employer',
  'alert',
  'updatedFrom',
  'updatedTo',
] as const;
export type FilterKey = (typeof filterKeys)[number];
export type ViewKey = FilterKey | 'sort' | 'page' | 'pageSize';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= 2_147_483_647 ? number : null;
}

function statutsOf(params: URLSearchParams): number[] {
  const values = params
    .getAll('statut')
    .flatMap((value) => value.split(','))
    .map((value) => Number(value.trim()))
    .filter((value) => Number.isInteger(value) && value >= 1 && value <= 13);
  return [...new Set(values)].sort((a, b) => a - b);
}

export function readView(params: URLSearchParams): PipelineView {
  const pageSize = positiveInt(params.get('pageSize'));
  return {
    q: params.get('q')?.slice(0, 200) ?? '',
    statut: statutsOf(params),
    school: params.get('school')?.slice(0, 50) ?? '',
    formation: positiveInt(params.get('formation')),
    step: oneOf(progressSteps, params.get('step')),
    waitingFor: oneOf(pipelineWaitingFor, params.get('waitingFor')),
    employer: params.get('employer')?.slice(0, 200) ?? '',
    alert: oneOf(pipelineAlerts, params.get('alert')),
    updatedFrom: ISO_DAY.test(params.get('updatedFrom') ?? '') ? (params.get('updatedFrom') ?? '') : '',
    updatedTo: ISO_DAY.test(params.get('updatedTo') ?? '') ? (params.get('updatedTo') ?? '') : '',
    sort: oneOf(pipelineSorts, params.get('sort')) ?? DEFAULT_SORT,
    page: Math.min(positiveInt(params.get('page')) ?? 1, 10_000),
    pageSize: PAGE_SIZES.find((size) => size === pageSize) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The view's parameters that differ from the defaults, in a steady order: the address and the API query. */
export function viewParams(view: PipelineView): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: ViewKey, value: string | number | null) => {
    if (value !== null && value !== '') params.set(key, String(value));
  };
  put('q', view.q.trim());
  put('statut', view.statut.join(','));
  put('school', view.school);
  put('formation', view.formation);
  put('step', view.step);
  put('waitingFor', view.waitingFor);
  put('employer', view.employer.trim());
  put('alert', view.alert);
  put('updatedFrom', view.updatedFrom);
  put('updatedTo', view.updatedTo);
  if (view.sort !== DEFAULT_SORT) put('sort', view.sort);
  if (view.page !== 1) put('page', view.page);
  if (view.pageSize !== DEFAULT_PAGE_SIZE) put('pageSize', view.pageSize);
  return params;
}

/** The view with `changes` applied; any change but the page's brings the list back to its first page. */
export function changeView(view: PipelineView, changes: Partial<PipelineView>): PipelineView {
  const next = { ...view, ...changes };
  if (!('page' in changes)) next.page = 1;
  return next;
}

/** The view without any filter: order and page size are kept, they are the person's habits, not a filter. */
export function clearFilters(view: PipelineView): PipelineView {
  return { ...readView(new URLSearchParams()), sort: view.sort, pageSize: view.pageSize };
}

/** How many filters narrow the list (the search counts as one). */
export function activeFilterCount(view: PipelineView): number {
  const empty = readView(new URLSearchParams());
  return filterKeys.filter((key) => JSON.stringify(view[key]) !== JSON.stringify(empty[key])).length;
}
