import type { FundingValidationBody, SheetData, SheetKind, SheetResponse } from '@passerelle/contract';
import type { RouteAnswer, RouteMap } from '@passerelle/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Each sheet's address, that of the party that fills it in, and its final action (SPEC: "send" for the information sheet). */
const sheetRoutes = {
  f1ca: { path: '/admissibles/fiche-premier-contact/:id', finish: '/admissibles/fiche-premier-contact/:id/submit' },
  f1ce: { path: '/employeurs/fiche-premier-contact/:id', finish: '/employeurs/fiche-premier-contact/:id/submit' },
  missions: { path: '/employeurs/modification-missions/:id', finish: '/employeurs/modification-missions/:id/submit' },
  fra: { path: '/admissibles/fiche-renseignement/:id', finish: '/admissibles/fiche-renseignement/:id/send' },
  fre: { path: '/employeurs/fiche-renseignement/:id', finish: '/employeurs/fiche-renseignement/:id/send' },
} as const satisfies Record<SheetKind, { path: string; finish: string }>;

type SheetPath = (typeof sheetRoutes)[SheetKind]['path'];
type SheetAnswer = RouteAnswer<RouteMap[`GET ${SheetPath}`]>;

/**
 * A sheet as its kind's form reads it. The wire's `data` is a record whatever the kind (the server checks a draft
 * against its kind's schema on the way in, not on the way out): the kind the route was chosen by gives its shape.
 */
const asSheet = <K extends SheetKind>(sheet: SheetAnswer) => sheet as SheetResponse<K>;

export const sheetQueryKey = (kind: SheetKind, id: number) => ['sheets', kind, id] as const;

export const sheetQueryOptions = <K extends SheetKind>(kind: K, id: number) =>
  queryOptions({
    queryKey: sheetQueryKey(kind, id),
    queryFn: async ({ signal }) =>
      asSheet<K>(await call(`GET ${sheetRoutes[kind].path}`, { params: { id }, signal })),
    // The form owns the values once loaded; a background refetch would fight the person typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // Each visit reads the sheet as it stands then (sent since, returned, locked), not only the copy of an earlier
    // visit in the same tab, which shows while the fresh one comes.
    refetchOnMount: 'always',
  });

export const saveSheet = async <K extends SheetKind>(kind: K, id: number, data: SheetData<K>) =>
  asSheet<K>(await call(`PUT ${sheetRoutes[kind].path}`, { params: { id }, body: data }));

export async function finishSheet<K extends SheetKind>(kind: K, id: number, data: SheetData<K>) {
  const sheet = await call(`POST ${sheetRoutes[kind].finish}`, { params: { id }, body: data });
  // Only the dry run answers 204, with no body.
  if (!sheet) throw new Error('The send answered no sheet');
  return asSheet<K>(sheet);
}

/** The send's dry run: resolves when the sheet can be sent, throws the send's 400 (every error, by field) otherwise. */
export const checkSheetBeforeSend = async <K extends SheetKind>(kind: K, id: number, data: SheetData<K>) => {
  await call(`POST ${sheetRoutes[kind].finish}`, {
    params: { id },
    query: { dryRun: 'true' },
    body: data,
  });
};

export async function uploadJobDescription(id: number, file: File): Promise<SheetResponse<'missions'>> {
  const body = new FormData();
  body.append('file', file);
  return asSheet<'missions'>(await call('POST /employeurs/modification-missions/:id/attachment', { params: { id }, body }));
}

export const fundingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['sheets', 'funding', id],
    queryFn: ({ signal }) => call('GET /employeurs/validation-financement/:id', { params: { id }, signal }),
  });

export const decideFunding = (id: number, body: FundingValidationBody) =>
  call('POST /employeurs/validation-financement/:id', { params: { id }, body });

export interface SalaryGridParams {
  date: string;
  dateNaissance?: string | undefined;
  dateFinContrat?: string | undefined;
  smc?: number | undefined;
  departementEmployeur?: string | undefined;
}

export const salaryGridQueryOptions = (params: SalaryGridParams) => {
  const query = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  ) as SalaryGridParams;
  return queryOptions({
    queryKey: ['sheets', 'salary-grid', query],
    queryFn: ({ signal }) => call('GET /sheets/salary-grid', { query, signal }),
    staleTime: 5 * 60_000,
  });
};

export const lookupCompany = (siret: string, signal?: AbortSignal) =>
  call('GET /lookups/company/:siret', { params: { siret }, ...(signal ? { signal } : {}) });

export const lookupAddress = (q: string, signal?: AbortSignal) =>
  call('POST /lookups/address', { body: { q }, ...(signal ? { signal } : {}) });

/**
 * SPEC 7: GET /admissibles/cerfa_params/{id}, the CERFA parameters of a dossier (its training's dates and bounds, the
 * contract type), which the product stores: kept in the query cache for every sheet of the dossier.
 */
export const cerfaParamsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['cerfa-params', id],
    queryFn: ({ signal }) => call('GET /admissibles/cerfa_params/:id', { params: { id }, signal }),
    staleTime: 10 * 60 * 1000,
    enabled: Number.isInteger(id),
  });
