import { describe, expect, it } from 'vitest';
import { computeSteps, dossierActions, dossierBadge, informationSheetNext, type StepState } from './dossier-progress.ts';
import type { Dossier, StepType } from './portal.ts';

const STATUSES = [undefined, 1, 2, 3, 4, 5] as const;
type Status = (typeof STATUSES)[number];

function etapes(entries: Partial<Record<StepType, Status>>): Dossier['etapeStatus'] {
  return (Object.entries(entries) as [StepType, Status][]).flatMap(([type, status]) => (status === undefined ? [] : [{ type, status }]));
}

const stateOfStep = (list: Dossier['etapeStatus'], key: string): StepState | undefined =>
  computeSteps(list).find((step) => step.key === key)?.state;

describe('dossierBadge', () => {
  it.each([
    [1, 'started'],
    [2, 'started'],
    [3, 'inProgress'],
    [4, 'inProgress'],
    [5, 'inProgress'],
    [6, 'refused'],
    [7, 'inProgress'],
    [8, 'accepted'],
    [9, 'archived'],
    [10, 'accepted'],
    [11, 'accepted'],
    [12, 'breaking'],
    [13, 'broken'],
  ])('maps status %i to %s', (statut, badge) => {
    expect(dossierBadge(statut)).toBe(badge);
  });

  it.each([0, 14, -1, 2.5])('rejects the unknown status %d', (statut) => {
    expect(() => dossierBadge(statut)).toThrow(RangeError);
  });
});

describe('computeSteps', () => {
  it('always gives the six steps in order', () => {
    expect(computeSteps([]).map((step) => step.key)).toEqual(['f1ca', 'f1ce', 'modalites_re', 'fiche', 'cfa', 'signature']);
    expect(computeSteps([]).every((step) => step.state === 'todo')).toBe(true);
  });

  // Expected state per status: missing, 1, 2, 3, 4, 5.
  const firstContact: StepState[] = ['todo', 'active', 'done', 'done', 'todo', 'active'];
  const simple: StepState[] = ['todo', 'todo', 'active', 'done', 'todo', 'todo'];

  for (const [type, expected] of [
    ['f1ca', firstContact],
    ['f1ce', firstContact],
    ['modalites_re', simple],
    ['cfa', simple],
  ] as const) {
    it.each(STATUSES.map((status, index) => [status, expected[index]] as const))(`${type} with status %s is %s`, (status, state) => {
      const list = etapes({ [type]: status });
      expect(stateOfStep(list, type)).toBe(state);
      // A step never moves the others.
      expect(computeSteps(list).filter((step) => step.key !== type).every((step) => step.state === 'todo')).toBe(true);
    });
  }

  const fichePairs = STATUSES.flatMap((fre) => STATUSES.map((fra) => [fre, fra] as const));
  it.each(fichePairs)('fiche with fre %s and fra %s', (fre, fra) => {
    const expected: StepState = fre === 3 && fra === 3 ? 'done' : fre === 2 || fra === 2 ? 'active' : 'todo';
    expect(stateOfStep(etapes({ fre, fra }), 'fiche')).toBe(expected);
  });

  it('fiche examples', () => {
    // docs/decisions/0004: one part sent (2) puts the sheet under way; both sent make both 3.
    expect(stateOfStep(etapes({ fre: 2, fra: 1 }), 'fiche')).toBe('active');
    expect(stateOfStep(etapes({ fre: 1, fra: 1 }), 'fiche')).toBe('todo');
    expect(stateOfStep(etapes({ fre: 3, fra: 3 }), 'fiche')).toBe('done');
    expect(stateOfStep(etapes({ fre: 3, fra: 2 }), 'fiche')).toBe('active');
    expect(stateOfStep(etapes({ fre: 3, fra: 1 }), 'fiche')).toBe('todo');
    expect(stateOfStep(etapes({ fre: 3 }), 'fiche')).toBe('todo');
  });

  const signatureTriples = STATUSES.flatMap((admissible) =>
    STATUSES.flatMap((employeur) => STATUSES.map((ecole) => [admissible, employeur, ecole] as const)),
  );
  it.each(signatureTriples)('signature with admissible %s, employer %s, school %s', (admissible, employeur, ecole) => {
    const started = (status: Status) => status === 1 || status === 2;
    const expected: StepState =
      ecole === 3 ? 'done' : started(admissible) || started(employeur) || started(ecole) ? 'active' : 'todo';
    const list = etapes({ signature_admissible: admissible, signature_employeur: employeur, signature_ecole: ecole });
    expect(stateOfStep(list, 'signature')).toBe(expected);
  });

  it('signature examples', () => {
    expect(stateOfStep(etapes({ signature_admissible: 3, signature_employeur: 3 }), 'signature')).toBe('todo');
    expect(stateOfStep(etapes({ signature_admissible: 3, signature_employeur: 2 }), 'signature')).toBe('active');
    expect(stateOfStep(etapes({ signature_ecole: 3, signature_employeur: 1 }), 'signature')).toBe('done');
  });

  it('reads a whole dossier', () => {
    const list = etapes({ f1ca: 3, f1ce: 3, modalites_re: 3, fre: 3, fra: 2, cfa: 1 });
    expect(computeSteps(list)).toEqual([
      { key: 'f1ca', state: 'done' },
      { key: 'f1ce', state: 'done' },
      { key: 'modalites_re', state: 'done' },
      { key: 'fiche', state: 'active' },
      { key: 'cfa', state: 'todo' },
      { key: 'signature', state: 'todo' },
    ]);
  });
});

describe('dossierActions', () => {
  const CERFA = '/api/files/cerfa-1';
  const AVENANT = '/api/files/avenant-1';
  const base = (overrides: Partial<Dossier>) => ({
    id: 42,
    dossierStatut: 1,
    dossierAccessible: true,
    etapeStatus: [] as Dossier['etapeStatus'],
    dossierCerfa: null,
    dossierCerfaAvenant: null,
    ...overrides,
  });

  it('offers the first-contact sheet on a new accessible dossier with no steps', () => {
    expect(dossierActions(base({}))).toEqual([{ kind: 'firstContact', to: '/admissible/fiche-premier-contact/42' }]);
  });

  it('offers nothing on a new dossier that is not accessible', () => {
    expect(dossierActions(base({ dossierAccessible: false }))).toEqual([]);
  });

  it('prefers the first-contact sheet over the information sheet', () => {
    const list = etapes({ f1ca: 5, fra: 1 });
    expect(dossierActions(base({ etapeStatus: list })).map((a) => a.kind)).toEqual(['firstContact']);
    expect(dossierActions(base({ etapeStatus: list, dossierAccessible: false })).map((a) => a.kind)).toEqual(['informationSheet']);
  });

  it('prefers the information sheet over the signed contract', () => {
    const dossier = base({ dossierStatut: 8, etapeStatus: etapes({ f1ca: 3, fra: 5 }), dossierCerfa: CERFA });
    expect(dossierActions(dossier)).toEqual([{ kind: 'informationSheet', to: '/admissible/fiche-renseignement/42' }]);
  });

  it('offers the signed contract then the addendum', () => {
    const dossier = base({ dossierStatut: 10, etapeStatus: etapes({ f1ca: 3, fra: 3 }), dossierCerfa: CERFA, dossierCerfaAvenant: AVENANT });
    expect(dossierActions(dossier)).toEqual([
      { kind: 'signedContract', fileUrl: CERFA },
      { kind: 'signedAddendum', fileUrl: AVENANT },
    ]);
  });

  it.each([9, 13])('hides every button for status %i', (dossierStatut) => {
    expect(dossierActions(base({ dossierStatut, dossierCerfa: CERFA, dossierCerfaAvenant: AVENANT }))).toEqual([]);
  });

  // Every status × accessibility × f1ca × fra × cerfa × addendum, against SPEC's rules read literally.
  const statuts = Array.from({ length: 13 }, (_, i) => i + 1);
  const cases = statuts.flatMap((dossierStatut) =>
    [true, false].flatMap((dossierAccessible) =>
      STATUSES.flatMap((f1ca) =>
        STATUSES.flatMap((fra) =>
          [null, CERFA].flatMap((dossierCerfa) => [null, AVENANT].map((dossierCerfaAvenant) => ({ dossierStatut, dossierAccessible, f1ca, fra, dossierCerfa, dossierCerfaAvenant }))),
        ),
      ),
    ),
  );

  it(`follows SPEC's order over all ${cases.length} combinations`, () => {
    for (const c of cases) {
      const list = etapes({ f1ca: c.f1ca, fra: c.fra });
      const kinds = dossierActions(base({ ...c, etapeStatus: list })).map((action) => action.kind);
      const expected: string[] = [];
      if (c.dossierStatut !== 9 && c.dossierStatut !== 13) {
        if (c.dossierAccessible && (c.f1ca === 1 || c.f1ca === 5 || list.length === 0)) expected.push('firstContact');
        else if (c.fra === 1 || c.fra === 5) expected.push('informationSheet');
        else if ([8, 10, 11, 12].includes(c.dossierStatut) && c.dossierCerfa) expected.push('signedContract');
        if (c.dossierCerfaAvenant) expected.push('signedAddendum');
      }
      expect(kinds, JSON.stringify(c)).toEqual(expected);
    }
  });
});

describe('informationSheetNext', () => {
  it('waits for the other part while only one is sent', () => {
    expect(informationSheetNext('fra', etapes({ fra: 2, fre: 1 }))).toBe('waitingEmployer');
    expect(informationSheetNext('fra', etapes({ fra: 2, fre: 5 }))).toBe('waitingEmployer');
    expect(informationSheetNext('fre', etapes({ fra: 1, fre: 2 }))).toBe('waitingApplicant');
  });

  it('tells either author the school prepares the contract once both parts are sent', () => {
    const both = etapes({ fra: 3, fre: 3, cfa: 2 });
    expect(informationSheetNext('fra', both)).toBe('contract');
    expect(informationSheetNext('fre', both)).toBe('contract');
  });
});
