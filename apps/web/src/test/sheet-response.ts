import type { SheetKind, SheetResponse } from '@passerelle/contract';

/** A sheet as the API answers it: an empty open draft unless `overrides` say otherwise. */
export function sheetResponse<K extends SheetKind>(overrides: Partial<SheetResponse<K>> = {}): SheetResponse<K> {
  return {
    data: {},
    status: 'draft',
    submittedAt: null,
    submittedBy: null,
    statusNote: null,
    warnings: {},
    readOnly: false,
    formation: null,
    context: {},
    attachment: null,
    etapeStatus: [],
    dossier: { id: 1, dossierName: null, applicant: { prenom: 'Lucas', nom: 'Bernard' } },
    ...overrides,
  } as SheetResponse<K>;
}
