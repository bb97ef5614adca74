import type {
  FundingValidationBody,
  FundingValidationResponse,
  SalaryGridResponse,
  SheetData,
  SheetKind,
  SheetResponse,
} from '@passerelle/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, apiResponse, apiVoid, call } from '../../../lib/api-client';

/** Who fills a sheet in: the part of the API address (`/admissibles/...`, `/employeurs/...`). */
export type SheetRole = 'admissible' | 'company';

const sheetSegments: Record<SheetKind, string> = {
  f1ca: 'fiche-premier-contact',
  f1ce: 'fiche-premier-contact',
  missions: 'modification-missions',
  fra: 'fiche-renseignement',
  fre: 'fiche-renseignement',
};

/** SPEC: the information sheet is "sent"; the other sheets are "submitted". */
const finishSegment = (kind: SheetKind) => (kind === 'fra' || kind === 'fre' ? 'send' : 'submit');

export function sheetPath(kind: SheetKind, role: SheetRole, id: number): string {
  return `/${role === 'admissible' ? 'admissibles' : 'employeurs'}/${sheetSegments[kind]}/${id}`;
}

export const sheetQueryKey = (kind: SheetKind, id: number) => ['sheets', kind, id] as const;

export const sheetQueryOptions = <K extends SheetKind>(kind: K, role: SheetRole, id: number) =>
  queryOptions({
    queryKey: sheetQueryKey(kind, id),
    queryFn: ({ signal }) => api<SheetResponse<K>>(sheetPath(kind, role, id), { signal }),
    // The form owns the values once loaded; a background refetch would fight the person typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // Each visit reads the sheet as it stands then (sent since, returned, locked), not only the copy of an earlier
    // visit in the same tab, which shows while the fresh one comes.
    refetchOnMount: 'always',
  });

export const saveSheet = <K extends SheetKind>(kind: K, role: SheetRole, id: number, data: SheetData<K>) =>
  api<SheetResponse<K>>(sheetPath(kind, role, id), { method: 'PUT', body: data });

export const finishSheet = <K extends SheetKind>(kind: K, role: SheetRole, id: number, data: SheetData<K>) =>
  api<SheetResponse<K>>(`${sheetPath(kind, role, id)}/${finishSegment(kind)}`, { method: 'POST', body: data });

/** The send's dry run: resolves when the sheet can be sent, throws the send's 400 (every error, by field) otherwise. */
export const checkSheetBeforeSend = <K extends SheetKind>(kind: K, role: SheetRole, id: number, data: SheetData<K>) =>
  apiVoid(`${sheetPath(kind, role, id)}/${finishSegment(kind)}?dryRun=true`, { method: 'POST', body: data });

export async function uploadJobDescription(id: number, file: File): Promise<SheetResponse<'missions'>> {
  const body = new FormData();
  body.append('file', file);
  const res = await apiResponse(`/employeurs/modification-missions/${id}/attachment`, { method: 'POST', body });
  return (await res.json()) as SheetResponse<'missions'>;
}

export const fundingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['sheets', 'funding', id],
    queryFn: ({ signal }) => api<FundingValidationResponse>(`/employeurs/validation-financement/${id}`, { signal }),
  });

export const decideFunding = (id: number, body: FundingValidationBody) =>
  api<FundingValidationResponse>(`/employeurs/validation-financement/${id}`, { method: 'POST', body });

export interface SalaryGridParams {
  date: string;
  dateNaissance?: string | undefined;
  dateFinContrat?: string | undefined;
  smc?: number | undefined;
  departementEmployeur?: string | undefined;
}

export const salaryGridQueryOptions = (params: SalaryGridParams) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  return queryOptions({
    queryKey: ['sheets', 'salary-grid', query.toString()],
    queryFn: ({ signal }) => api<SalaryGridResponse>(`/sheets/salary-grid?${query.toString()}`, { signal }),
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
