import { describe, expect, it } from 'vitest';
import { foldText, parseSteps, pipelineColumnsOf, SEARCH_COMPANY_MARK, searchTextOf } from './pipeline-columns.ts';

describe('pipeline columns', () => {
  it('folds case, accents, ligatures and white space', () => {
    expect(foldText('  Élodie   LEFÈVRE ')).toBe(' elodie lefevre ');
    expect(foldText('Cœur Ægir Straße Ñandú Çà')).toBe('coeur aegir strasse nandu ca');
  });

  it('builds the search text: names both ways, e-mail, case name, then the company after its mark', () => {
    const text = searchTextOf({
      nom: 'Lefèvre',
      prenom: 'Élodie',
      email: 'Elodie.Lefevre@Example.test',
      dossierName: 'Société Générale — Data',
      companyName: 'Société Générale',
    });
    expect(text).toContain('lefevre elodie lefevre');
    expect(text).toContain('elodie.lefevre@example.test');
    expect(text.endsWith(`${SEARCH_COMPANY_MARK}societe generale`)).toBe(true);
    expect(searchTextOf({ nom: '', prenom: '', email: '', dossierName: null, companyName: null })).not.toBe('');
  });

  it('reads the steps and decides whom the case waits for', () => {
    expect(parseSteps('f1ca=3,f1ce=1')).toEqual({ f1ca: 3, f1ce: 1 });
    expect(parseSteps(null)).toEqual({});
    const source = { id: 1, nom: 'A', prenom: 'B', email: 'a@b.test', dossierName: null, companyName: null };
    expect(pipelineColumnsOf({ ...source, statut: 1, steps: { f1ca: 1 } }).waitingFor).toBe('applicant');
    expect(pipelineColumnsOf({ ...source, statut: 2, steps: parseSteps('f1ca=3,f1ce=1') }).waitingFor).toBe('company');
    expect(pipelineColumnsOf({ ...source, statut: 4, steps: {} }).waitingFor).toBe('school');
    expect(pipelineColumnsOf({ ...source, statut: 9, steps: {} }).waitingFor).toBeNull();
  });
});
