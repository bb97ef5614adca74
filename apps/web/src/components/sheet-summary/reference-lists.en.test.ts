import { describe, expect, it } from 'vitest';
import * as lists from './reference-lists';
import { englishLabels, inEnglish, type ProperNounList } from './reference-lists.en';
import type { ListName } from './use-lists';

/** Lists left in French on purpose, with only their generic words translated. */
const keptInFrench: Record<ProperNounList, string> = {
  departementsNaissance:
    'département names are proper nouns; only "born abroad" and the overseas names with a usual English form change',
  opcos: 'OPCO names are proper nouns; only the generic words in brackets are translated',
};

const names = Object.keys(englishLabels) as ListName[];
const codesOf = (name: ListName) => lists[name].map((item) => item.code);

describe('English labels of the reference lists', () => {
  it('cover exactly the lists the sheets use', () => {
    expect([...names].sort()).toEqual(Object.keys(lists).sort());
  });

  it('give every code of every list a non-empty English label, except the lists kept in French', () => {
    for (const name of names.filter((candidate) => !(candidate in keptInFrench))) {
      const labels: Partial<Record<string, string>> = englishLabels[name];
      expect(
        codesOf(name).filter((code) => !labels[code]?.trim()),
        name,
      ).toEqual([]);
    }
  });

  it('name no code a list does not have, and leave no label blank', () => {
    for (const name of names) {
      const known = new Set<string>(codesOf(name));
      for (const [code, label] of Object.entries(englishLabels[name])) {
        expect(known.has(code), `${name} ${code}`).toBe(true);
        expect(typeof label === 'string' ? label.trim() : '', `${name} ${code}`).not.toBe('');
      }
    }
  });

  it('translate the generic words of the lists kept in French', () => {
    expect(englishLabels.departementsNaissance['99']).toBe('Born abroad');
    expect(englishLabels.opcos.OPCO_EP).toBe('OPCO EP (local businesses)');
  });

  it('keep each list’s codes, order and other fields, and the French name of a proper noun without an English form', () => {
    const english = inEnglish(lists);
    for (const name of names)
      expect(
        english[name].map((item) => item.code),
        name,
      ).toEqual(codesOf(name));
    expect(english.sexes).toEqual([
      { code: 'F', label: 'Female' },
      { code: 'M', label: 'Male' },
    ]);
    expect(english.diplomes.find((item) => item.code === '33')).toEqual({
      code: '33',
      label: 'Vocational aptitude certificate (CAP)',
      groupe: 'CAP, BEP',
    });
    expect(english.departementsNaissance.find((item) => item.code === '2B')?.label).toBe('Haute-Corse');
    expect(english.opcos.find((item) => item.code === 'OPCO_SANTE')?.label).toBe('OPCO Santé');
    // The French lists, used for the CERFA, are left as they were.
    expect(lists.sexes[0].label).toBe('Féminin');
  });
});
