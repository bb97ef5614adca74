import { describe, expect, it } from 'vitest';
import {
  caissesRetraite,
  departementNaissanceCode,
  departementsNaissance,
  dernieresClasses,
  diplomes,
  employeursSpecifiques,
  findReferenceLabel,
  modesContractuels,
  nationalites,
  naturesContratPro,
  niveauxDiplome,
  opcoCode,
  opcos,
  regimesSociaux,
  sexes,
  situationsAvantContrat,
  typeDerogationCode,
  typesContrat,
  typesContratAvenant,
  typesDerogation,
  typesEmployeur,
} from './index.ts';
import type { ReferenceItem } from './index.ts';
import { isHealthOpco } from '../rules/sheet.ts';

const lists: Record<string, readonly ReferenceItem[]> = {
  caissesRetraite,
  departementsNaissance,
  dernieresClasses,
  diplomes,
  employeursSpecifiques,
  modesContractuels,
  nationalites,
  naturesContratPro,
  niveauxDiplome,
  opcos,
  regimesSociaux,
  sexes,
  situationsAvantContrat,
  typesContrat,
  typesContratAvenant,
  typesDerogation,
  typesEmployeur,
};

describe('reference lists', () => {
  it('have unique codes and non-empty labels', () => {
    for (const [name, list] of Object.entries(lists)) {
      expect(new Set(list.map((item) => item.code)).size, name).toBe(list.length);
      for (const item of list) expect(item.label.trim(), `${name} ${item.code}`).not.toBe('');
    }
  });

  it('hold the DOMAIN sizes', () => {
    expect(opcos).toHaveLength(11);
    expect(caissesRetraite).toHaveLength(45);
    expect(typesContratAvenant.map((item) => item.code)).toEqual([
      '11',
      '21',
      '22',
      '23',
      '31',
      '32',
      '33',
      '34',
      '35',
      '36',
      '37',
      '38',
    ]);
    expect(typesDerogation.map((item) => item.code)).toEqual(['11', '12', '21', '22', '50', '60']);
    expect(typesEmployeur.map((item) => item.code)).toEqual([
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '21',
      '22',
      '23',
      '24',
      '25',
      '26',
      '27',
      '28',
      '29',
      '30',
    ]);
    expect(situationsAvantContrat).toHaveLength(12);
    expect(diplomes).toHaveLength(24);
    expect(typesContrat.map((item) => item.code)).toEqual(['APP', 'PRO']);
  });

  it('list birth départements 01-19, 2A, 2B, 21-95, 99 and overseas without 975', () => {
    const codes = departementsNaissance.map((item) => item.code);
    const metropolitan = Array.from({ length: 95 }, (_, index) => String(index + 1).padStart(2, '0')).filter(
      (code) => code !== '20',
    );
    expect(codes).toEqual([
      ...metropolitan.slice(0, 19),
      '2A',
      '2B',
      ...metropolitan.slice(19),
      '99',
      '971',
      '972',
      '973',
      '974',
      '976',
    ]);
    expect(departementNaissanceCode.safeParse('975').success).toBe(false);
    expect(findReferenceLabel(departementsNaissance, '2B')).toBe('Haute-Corse');
  });

  it('give zod enums of their codes', () => {
    expect(typeDerogationCode.parse('12')).toBe('12');
    expect(typeDerogationCode.safeParse('99').success).toBe(false);
    expect(opcoCode.options).toContain('OPCO_SANTE');
  });

  it('name exactly one OPCO that the health-sector rule recognises', () => {
    expect(opcos.filter((opco) => isHealthOpco(opco.code)).map((opco) => opco.label)).toEqual(['OPCO Santé']);
    expect(opcos.filter((opco) => isHealthOpco(opco.label))).toHaveLength(1);
  });
});
