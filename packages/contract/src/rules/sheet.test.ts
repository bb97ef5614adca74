import { describe, expect, it } from 'vitest';
import { checkIdccChange, checkOpcoRules, isHealthOpco } from './sheet.ts';

const flags = {
  isSchoolResponsibleCerfa: true,
  isSchoolResponsibleCerfaOpco: true,
  isSchoolResponsibleSubrogation: true,
};

describe('checkOpcoRules', () => {
  it('recognises OPCO Santé by code or typed name', () => {
    expect(isHealthOpco('OPCO_SANTE')).toBe(true);
    expect(isHealthOpco('Opco santé')).toBe(true);
    expect(isHealthOpco('OPCO SANTE')).toBe(true);
    expect(isHealthOpco('OPCO EP (entreprises de proximité)')).toBe(false);
    expect(isHealthOpco(null)).toBe(false);
  });

  it('refuses subrogation with OPCO Santé only', () => {
    expect(checkOpcoRules({ opcoName: 'OPCO Santé', ...flags })).toEqual([
      { path: 'isSchoolResponsibleSubrogation', code: 'opco.no_subrogation_health', severity: 'error' },
    ]);
    expect(checkOpcoRules({ opcoName: 'OPCO Santé', ...flags, isSchoolResponsibleSubrogation: false })).toEqual([]);
    expect(checkOpcoRules({ opcoName: 'AKTO', ...flags })).toEqual([]);
  });

  it('lets the school file with the OPCO only when it prepares the CERFA', () => {
    expect(checkOpcoRules({ opcoName: 'AKTO', ...flags, isSchoolResponsibleCerfa: false })).toEqual([
      { path: 'isSchoolResponsibleCerfaOpco', code: 'opco.filing_requires_school_cerfa', severity: 'error' },
    ]);
    expect(
      checkOpcoRules({
        opcoName: 'AKTO',
        ...flags,
        isSchoolResponsibleCerfa: false,
        isSchoolResponsibleCerfaOpco: false,
      }),
    ).toEqual([]);
  });
});

describe('checkIdccChange', () => {
  it('allows setting the IDCC the first time and keeping it', () => {
    expect(checkIdccChange(null, '1486')).toEqual([]);
    expect(checkIdccChange('', '1486')).toEqual([]);
    expect(checkIdccChange('1486', '1486')).toEqual([]);
    expect(checkIdccChange('16', '0016')).toEqual([]);
  });

  it('blocks any change once set, clearing included', () => {
    const blocked = [{ path: 'employeur.codeIdcc', code: 'idcc.change_blocked', severity: 'error' }];
    expect(checkIdccChange('1486', '9999')).toEqual(blocked);
    expect(checkIdccChange('9998', '1486')).toEqual(blocked);
    expect(checkIdccChange('1486', '')).toEqual(blocked);
  });
});
