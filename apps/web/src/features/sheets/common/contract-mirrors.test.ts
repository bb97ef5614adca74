import { fundingDecisions, getAtPath, sheetBlocks, sheetKinds } from '@passerelle/contract';
import { describe, expect, it } from 'vitest';
import { fundingChoices, ownBlocks, valueAt } from './contract-mirrors';

describe('contract mirrors', () => {
  it('offers the funding decisions of the contract', () => {
    expect(fundingChoices).toEqual(fundingDecisions);
  });

  it('lists the same blocks as the contract for every sheet', () => {
    for (const kind of sheetKinds) expect([...ownBlocks[kind]].sort()).toEqual([...sheetBlocks[kind]].sort());
  });

  it('reads a dotted path like the contract', () => {
    const data = { apprenti: { adresse: { codePostal: '75002' } }, contrat: null };
    for (const path of ['apprenti.adresse.codePostal', 'apprenti.nom', 'contrat.typeContrat', 'nothing'])
      expect(valueAt(data, path)).toEqual(getAtPath(data, path));
  });
});
