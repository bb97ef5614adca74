import type { SheetKind, StaffDossierDetailResponse } from '@passerelle/contract';

export type CaseDetail = StaffDossierDetailResponse;
type Sheet = CaseDetail['sheets'][number];

/** The order the sheets are filled in, which the page follows. */
export const sheetOrder: readonly SheetKind[] = ['f1ca', 'f1ce', 'missions', 'fra', 'fre'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function at(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const key of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export const sheetOf = (detail: CaseDetail, kind: SheetKind): Sheet | undefined =>
  detail.sheets.find((sheet) => sheet.kind === kind);

/** The first value given at `path` across the sheets, the most advanced first (the information sheet corrects the first contact). */
function firstText(detail: CaseDetail, kinds: readonly SheetKind[], path: string): string | null {
  for (const kind of kinds) {
    const value = text(at(sheetOf(detail, kind)?.data, path));
    if (value) return value;
  }
  return null;
}

type ContactRole = 'contactEntreprise' | 'maitre1' | 'tuteur' | 'signataire' | 'gestionnaire';

export interface Contact {
  /** Whose contact this is (one person often holds several roles): i18n keys in `staff-case:parties.contacts`. */
  roles: ContactRole[];
  name: string | null;
  email: string | null;
  phone: string | null;
  function: string | null;
}

/** The applicant's phone, from the information sheet or else the first contact. */
export const applicantPhone = (detail: CaseDetail) => firstText(detail, ['fra', 'f1ca'], 'apprenti.telephone');

/** The company as the sheets name it: the information sheet first, then the first contacts. */
export function employerOf(detail: CaseDetail) {
  const kinds: SheetKind[] = ['fre', 'f1ce', 'f1ca'];
  return {
    name: firstText(detail, kinds, 'employeur.denomination') ?? detail.companyName,
    siret: firstText(detail, kinds, 'employeur.siret'),
    phone: firstText(detail, kinds, 'employeur.telephone'),
    email: firstText(detail, kinds, 'employeur.courriel'),
  };
}

const contactSources: { role: ContactRole; kinds: SheetKind[]; path: string }[] = [
  { role: 'contactEntreprise', kinds: ['f1ca'], path: 'contacts.contactEntreprise' },
  { role: 'maitre1', kinds: ['fre', 'f1ce'], path: 'maitre1' },
  { role: 'tuteur', kinds: ['fre'], path: 'contacts.tuteur' },
  { role: 'signataire', kinds: ['fre', 'f1ce'], path: 'contacts.signataire' },
  { role: 'gestionnaire', kinds: ['fre', 'f1ce'], path: 'contacts.gestionnaire' },
];

/**
 * The company's people the sheets name: the contact the applicant gave, the master, the tutor, the signatory, the
 * manager; one person named in several roles (the same name and e-mail) once, with each role.
 */
export function contactsOf(detail: CaseDetail): Contact[] {
  const merged: Contact[] = [];
  for (const contact of namedContacts(detail)) {
    const same = merged.find((other) => other.name === contact.name && other.email === contact.email);
    if (!same) merged.push(contact);
    else {
      same.roles.push(...contact.roles);
      same.phone ??= contact.phone;
      same.function ??= contact.function;
    }
  }
  return merged;
}

function namedContacts(detail: CaseDetail): Contact[] {
  return contactSources.flatMap(({ role, kinds, path }) => {
    const kind = kinds.find((k) => isRecord(at(sheetOf(detail, k)?.data, path)));
    const person = kind ? at(sheetOf(detail, kind)?.data, path) : undefined;
    if (!isRecord(person)) return [];
    const name = [text(person['prenom']), text(person['nom'])].filter(Boolean).join(' ') || null;
    const contact: Contact = {
      roles: [role],
      name,
      email: text(person['courriel']),
      phone: text(person['telephone']),
      function: text(person['fonction']) ?? text(person['emploiOccupe']),
    };
    return contact.name || contact.email || contact.phone ? [contact] : [];
  });
}

export type ReviewState = 'valid' | 'pending' | 'missing' | 'rejected';

export function reviewState(document: {
  url: string | null;
  isValid: boolean;
  rejectedReason: string | null;
}): ReviewState {
  if (document.isValid) return 'valid';
  if (document.rejectedReason) return 'rejected';
  return document.url ? 'pending' : 'missing';
}
