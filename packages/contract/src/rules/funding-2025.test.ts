import { describe, expect, it } from 'vitest';
import { cerfaEditionFor, editionHasRemoteHours } from './cerfa-edition.ts';
import {
  employerShare2025,
  fundingRules2025,
  remoteReducedNpec,
  remoteReduction2025,
  remoteSharePercent,
  type FundingRulesInput,
} from './funding-2025.ts';

describe('the CERFA edition of a contract (decision 0044)', () => {
  it('puts an apprenticeship concluded from 1 July 2025 on 10103*14', () => {
    expect(cerfaEditionFor('APP', '2025-07-01')).toBe('10103*14');
    expect(cerfaEditionFor('APP', '2026-09-15')).toBe('10103*14');
  });

  it('keeps an earlier apprenticeship on the edition of its conclusion date', () => {
    expect(cerfaEditionFor('APP', '2025-06-30')).toBe('10103*13');
    expect(cerfaEditionFor('APP', '2025-03-01')).toBe('10103*13');
    expect(cerfaEditionFor('APP', '2025-01-17')).toBe('10103*13');
    expect(cerfaEditionFor('APP', '2025-01-16')).toBe('10103*12');
    expect(cerfaEditionFor('APP', '2024-09-02')).toBe('10103*12');
    // The oldest edition the product knows stands for any earlier date.
    expect(cerfaEditionFor('APP', '2019-01-01')).toBe('10103*12');
  });

  it('puts a professionalisation contract on the EJ20 form of its date', () => {
    expect(cerfaEditionFor('PRO', '2026-09-15')).toBe('12434*04');
    expect(cerfaEditionFor('PRO', '2025-01-17')).toBe('12434*04');
    expect(cerfaEditionFor('PRO', '2024-12-31')).toBe('12434*03');
  });

  it('refuses what is not an ISO date rather than guessing an edition', () => {
    expect(() => cerfaEditionFor('APP', '15/09/2026')).toThrow(RangeError);
  });

  it('knows which edition carries the remote hours', () => {
    expect(editionHasRemoteHours('10103*14')).toBe(true);
    expect(editionHasRemoteHours('10103*13')).toBe(false);
    expect(editionHasRemoteHours('12434*04')).toBe(false);
  });
});

const base: FundingRulesInput = {
  typeContrat: 'APP',
  dateConclusion: '2026-09-15',
  today: '2026-11-29',
  niveauRncp: 7,
  heures: 1200,
  heuresDistanciel: 120,
  npec: 8000,
};

describe('the 750 € employer share (decree 2025-585)', () => {
  it('applies to an apprenticeship of level 6 or above concluded from 1 July 2025', () => {
    expect(employerShare2025({ ...base, concludedOn: '2025-07-01' })).toEqual({ applies: true, amount: 750, level: 7 });
    expect(employerShare2025({ ...base, niveauRncp: 6, concludedOn: '2026-09-15' })).toEqual({
      applies: true,
      amount: 750,
      level: 6,
    });
  });

  it('says why it does not apply', () => {
    expect(employerShare2025({ ...base, niveauRncp: 5, concludedOn: '2026-09-15' })).toEqual({
      applies: false,
      reason: 'level-below',
      level: 5,
    });
    expect(employerShare2025({ ...base, concludedOn: '2025-06-30' })).toMatchObject({ reason: 'concluded-before' });
    expect(employerShare2025({ ...base, niveauRncp: null, concludedOn: '2026-09-15' })).toMatchObject({
      reason: 'level-unknown',
    });
    expect(employerShare2025({ ...base, typeContrat: 'PRO', concludedOn: '2026-09-15' })).toMatchObject({
      reason: 'not-apprenticeship',
    });
  });
});

describe('the 20 % reduction of a mostly remote training (decree 2025-586)', () => {
  it('computes the remote share on the training’s hours', () => {
    expect(remoteSharePercent(1200, 1020)).toBe(85);
    expect(remoteSharePercent(3, 1)).toBe(33.3);
    expect(remoteSharePercent(null, 10)).toBeNull();
    expect(remoteSharePercent(0, 0)).toBeNull();
    expect(remoteSharePercent(1200, null)).toBeNull();
  });

  it('lowers the funding level by 20 %, never below 4 000 €, never above what it was', () => {
    expect(remoteReducedNpec(8000)).toEqual({ reducedNpec: 6400, floorApplied: false });
    expect(remoteReducedNpec(5000)).toEqual({ reducedNpec: 4000, floorApplied: false });
    expect(remoteReducedNpec(4500)).toEqual({ reducedNpec: 4000, floorApplied: true });
    expect(remoteReducedNpec(3000)).toEqual({ reducedNpec: 3000, floorApplied: true });
    expect(remoteReducedNpec(7777.77)).toEqual({ reducedNpec: 6222.22, floorApplied: false });
  });

  it('applies from 80 % of the hours remote, exactly 80 % included, judged on whole hours', () => {
    expect(remoteReduction2025({ ...base, heuresDistanciel: 960, concludedOn: '2026-09-15' })).toEqual({
      applies: true,
      sharePercent: 80,
      npec: 8000,
      reducedNpec: 6400,
      floorApplied: false,
    });
    // 28 of 35 hours is 80 %, which 35 * 0.8 in floating point would miss.
    expect(remoteReduction2025({ ...base, heures: 35, heuresDistanciel: 28, concludedOn: '2026-09-15' })).toMatchObject(
      {
        applies: true,
      },
    );
    expect(remoteReduction2025({ ...base, heures: 1000, heuresDistanciel: 799, concludedOn: '2026-09-15' })).toEqual({
      applies: false,
      reason: 'below-threshold',
      sharePercent: 79.9,
    });
  });

  it('says why it does not apply, and applies without an amount while the terms are not recorded', () => {
    const remote = { ...base, heuresDistanciel: 1200 };
    expect(remoteReduction2025({ ...remote, concludedOn: '2025-06-30' })).toMatchObject({ reason: 'concluded-before' });
    expect(remoteReduction2025({ ...remote, typeContrat: 'PRO', concludedOn: '2026-09-15' })).toMatchObject({
      reason: 'not-apprenticeship',
    });
    expect(remoteReduction2025({ ...remote, heures: null, concludedOn: '2026-09-15' })).toMatchObject({
      reason: 'hours-unknown',
    });
    expect(remoteReduction2025({ ...remote, npec: null, concludedOn: '2026-09-15' })).toEqual({
      applies: true,
      sharePercent: 100,
      npec: null,
      reducedNpec: null,
      floorApplied: false,
    });
  });
});

describe('both rules of a contract', () => {
  it('judges a concluded contract at its conclusion date', () => {
    const outcome = fundingRules2025({ ...base, heuresDistanciel: 1020 });
    expect(outcome).toEqual({
      judgedOn: '2026-09-15',
      concluded: true,
      employerShare: { applies: true, amount: 750, level: 7 },
      remoteReduction: { applies: true, sharePercent: 85, npec: 8000, reducedNpec: 6400, floorApplied: false },
    });
  });

  it('judges a contract not concluded yet as concluded today, and one of March 2025 under neither rule', () => {
    expect(fundingRules2025({ ...base, dateConclusion: null })).toMatchObject({
      judgedOn: '2026-11-29',
      concluded: false,
      employerShare: { applies: true },
    });
    expect(fundingRules2025({ ...base, dateConclusion: '2025-03-01', heuresDistanciel: 1200 })).toMatchObject({
      employerShare: { applies: false, reason: 'concluded-before' },
      remoteReduction: { applies: false, reason: 'concluded-before', sharePercent: 100 },
    });
  });
});
