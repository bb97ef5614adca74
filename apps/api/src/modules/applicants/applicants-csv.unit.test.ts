import { describe, expect, it } from 'vitest';
import { decodeCsv, detectDelimiter, headerKey, mapHeader, parseCsv, parseLanguage } from './applicants-csv.ts';

describe("reading a school's CSV export", () => {
  it('decodes UTF-8 (without its byte-order mark) and falls back to Windows-1252', () => {
    expect(decodeCsv(new TextEncoder().encode('\uFEFFNom;Prénom'))).toBe('Nom;Prénom');
    // "Prénom" and "Œuvre" as Excel writes them under Windows: é is 0xE9, Œ is 0x8C.
    expect(decodeCsv(Uint8Array.from([0x50, 0x72, 0xe9, 0x6e, 0x6f, 0x6d, 0x3b, 0x8c, 0x75, 0x76, 0x72, 0x65]))).toBe('Prénom;Œuvre');
  });

  it('takes the delimiter the header line holds most of, outside quotes', () => {
    expect(detectDelimiter('nom;prenom;email\na,b,c,d,e')).toBe(';');
    expect(detectDelimiter('"Nom; de famille",Prénom,E-mail\n')).toBe(',');
    expect(detectDelimiter('email')).toBe(',');
  });

  it("reads quoted fields, doubled quotes and line breaks, and numbers records by the file's lines", () => {
    const text = 'nom,adresse\r\n"Le Gall, dit ""Yann""","12 rue\r\nBâtiment B"\r\n\r\nDurand,Paris\rMartin,Lyon';
    expect(parseCsv(text, ',')).toEqual([
      { line: 1, cells: ['nom', 'adresse'] },
      { line: 2, cells: ['Le Gall, dit "Yann"', '12 rue\r\nBâtiment B'] },
      { line: 5, cells: ['Durand', 'Paris'] },
      { line: 6, cells: ['Martin', 'Lyon'] },
    ]);
  });

  it('matches header names whatever their case, accents, spaces and language', () => {
    expect(headerKey(' Adresse E-mail ')).toBe('adresseemail');
    expect(mapHeader(['NOM DE FAMILLE', 'First_Name', 'Courriel', 'Établissement', 'Code formation', 'Langue', 'Année', 'Téléphone'])).toEqual({
      nom: 0,
      prenom: 1,
      email: 2,
      school: 3,
      formation: 4,
      lang: 5,
      year: 6,
    });
    expect(mapHeader(['Surname', 'Given name', 'Mail', 'School', 'Programme', 'Language', 'Start year'])).toMatchObject({ nom: 0, year: 6 });
  });

  it('reads languages as people write them', () => {
    expect(['fr', 'FR-fr', 'Français', 'french'].map(parseLanguage)).toEqual(['fr-FR', 'fr-FR', 'fr-FR', 'fr-FR']);
    expect(['en', 'en-US', 'en_GB', 'Anglais', 'English'].map(parseLanguage)).toEqual(['en-US', 'en-US', 'en-US', 'en-US', 'en-US']);
    expect(parseLanguage('de')).toBeUndefined();
  });
});
