import type { Language } from '@passerelle/contract';
import { describe, expect, it } from 'vitest';
import {
  renderDocumentRejected,
  renderEmployerFirstContactSent,
  renderFirstContactDecided,
  renderInformationSheetDue,
  renderMissionsComplement,
  renderContractSigned,
  renderReminder,
  renderScanRejected,
  renderSheetReturned,
  renderSignatureRefused,
  renderScanConfirmed,
  renderSignatureTurn,
  renderStaffDigest,
} from './notification-mails.ts';

const link = { url: 'https://cfa.example/employeur/fiche-renseignements/7?t=abc', validitySeconds: 72 * 3600 };
const typed = 'Voir <script>alert(1)</script> & "la suite"\nNouvelle ligne';

function everyMail(lang: Language) {
  return [
    renderSheetReturned(lang, { sheet: 'fre', dossierId: 7, who: 'Léa Martin', message: typed, link }),
    renderMissionsComplement(lang, { dossierId: 7, who: 'Léa Martin', message: typed, link }),
    renderDocumentRejected(lang, { document: 'attestationBac', reason: typed, link }),
    renderFirstContactDecided(lang, {
      decision: 'refuse',
      to: 'company',
      dossierId: 7,
      who: 'Léa Martin',
      reason: typed,
      link: undefined,
    }),
    renderFirstContactDecided(lang, {
      decision: 'accept',
      to: 'applicant',
      dossierId: 7,
      who: '',
      reason: typed,
      link,
    }),
    renderEmployerFirstContactSent(lang, { dossierId: 7, link }),
    renderInformationSheetDue(lang, { to: 'company', dossierId: 7, who: 'Léa Martin', link }),
    renderReminder(lang, { sheet: 'f1ce', dossierId: 7, who: 'Léa Martin', days: 10, link }),
    renderStaffDigest(lang, {
      queue: { firstContacts: 2, terms: 1, contracts: 0, documents: 1 },
      alerts: { stale: { count: 1, days: 90 }, waiting: { count: 0, days: 14 } },
      link,
      home: 'https://cfa.example/gestion',
    }),
  ];
}

/** In the language asked, ending with the CFA contact, with what someone typed escaped and folded. */
function expectWellFormed(lang: Language, mails: ReturnType<typeof everyMail>) {
  for (const mail of mails) {
    expect(mail.html, mail.subject).toContain(`<html lang="${lang}">`);
    expect(mail.text, mail.subject).toContain('\n\n-- \n');
    expect(mail.html, mail.subject).not.toContain('<script>');
    // A typed line break never starts a line of ours: the quote is folded onto its "> " line.
    expect(mail.text, mail.subject).not.toMatch(/^Nouvelle ligne/m);
  }
}

describe('the mails of issue 10', () => {
  it.each(['fr-FR', 'en-US'] as const)(
    'are written in %s, end with the CFA contact and escape what staff typed',
    (lang) => {
      expectWellFormed(lang, everyMail(lang));
    },
  );

  it('quotes the school message with its attribution', () => {
    const [returned] = everyMail('fr-FR');
    expect(returned?.text).toContain(
      'De la part de l\'école :\n> Message : Voir <script>alert(1)</script> & "la suite" Nouvelle ligne',
    );
    expect(returned?.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;la suite&#34;');
  });

  it('gives a refused company no link, and the others one', () => {
    const mails = everyMail('en-US');
    expect(mails[3]?.text).not.toContain(link.url);
    for (const mail of mails.filter((_, index) => index !== 3)) expect(mail.text, mail.subject).toContain(link.url);
  });

  it('lists only the counts that are not zero in the staff digest', () => {
    const digest = everyMail('fr-FR').at(-1);
    expect(digest?.subject).toBe("Passerelle : 4 tâches attendent l'école");
    expect(digest?.text).toContain(
      '- 2 premiers contacts à étudier\n- 1 dossier dont les modalités sont à enregistrer\n- 1 document de candidat à vérifier',
    );
    expect(digest?.text).not.toContain('contrat à préparer');
    expect(digest?.text).not.toContain('même personne');
  });
});

describe('the signing mails of issue 11', () => {
  const refused = (lang: Language) =>
    renderSignatureRefused(lang, {
      dossierId: 7,
      who: 'Léa Martin',
      role: 'legal_representative',
      reason: typed,
      url: 'https://cfa.example/gestion/dossiers/7',
    });
  const signed = (lang: Language) => renderContractSigned(lang, { dossierId: 7, who: 'Léa Martin', link });
  const signingMails = (lang: Language) => [
    renderSignatureTurn(lang, { dossierId: 7, who: 'Léa Martin', method: null, link }),
    renderScanRejected(lang, { dossierId: 7, who: 'Léa Martin', reason: typed, link }),
    renderScanConfirmed(lang, { dossierId: 7, who: 'Léa Martin', link }),
    signed(lang),
    refused(lang),
  ];

  it.each(['fr-FR', 'en-US'] as const)(
    'are written in %s, end with the CFA contact and escape what was typed',
    (lang) => {
      expectWellFormed(lang, signingMails(lang));
    },
  );

  it("names the method chosen in the next signer's mail (issue 29), and both while none is", () => {
    const turn = (lang: Language, method: 'online' | 'manual' | null) =>
      renderSignatureTurn(lang, { dossierId: 7, who: 'Léa Martin', method, link }).text;
    expect(turn('fr-FR', 'online')).toContain('La signature se fait en ligne');
    expect(turn('fr-FR', 'online')).not.toContain('imprimez');
    expect(turn('fr-FR', 'manual')).toContain('La signature se fait sur papier');
    expect(turn('fr-FR', 'manual')).toContain('qui portent les signatures déjà faites');
    expect(turn('fr-FR', 'manual')).not.toContain('code reçu');
    expect(turn('en-US', 'online')).toContain('The documents are signed online');
    expect(turn('en-US', 'manual')).toContain('The documents are signed on paper');
    expect(turn('fr-FR', null)).toContain('signez en ligne avec un code reçu par e-mail, ou imprimez');
  });

  it('tells every party the contract is signed, with the personal link to download it', () => {
    expect(signed('fr-FR').subject).toBe('Contrat signé — dossier n° 7 (Léa Martin)');
    expect(signed('fr-FR').text).toContain('Téléchargez-le avec ce lien personnel :\n' + link.url);
    expect(signed('en-US').subject).toBe('Contract signed — case no. 7 (Léa Martin)');
    expect(signed('en-US').html).toContain('Download the signed contract');
    expect(signed('en-US').text).toContain(link.url);
  });

  it('tells the school who refused and why, with the case page and no sign-in token', () => {
    const fr = refused('fr-FR');
    expect(fr.subject).toBe('Signature refusée — dossier n° 7 (Léa Martin)');
    expect(fr.text).toContain("refusés par le représentant légal de l'apprenti(e)");
    expect(fr.text).toContain(
      'Le représentant légal de l\'apprenti(e) a écrit :\n> Motif : Voir <script>alert(1)</script> & "la suite" Nouvelle ligne',
    );
    expect(fr.text).toContain("Le dossier dans l'espace de gestion : https://cfa.example/gestion/dossiers/7");
    expect(fr.text).not.toMatch(/[?&]t=/);
    const en = refused('en-US');
    expect(en.subject).toBe('Signature refused — case no. 7 (Léa Martin)');
    expect(en.text).toContain("The apprentice's legal representative wrote:\n> Reason: Voir");
    expect(en.html).toContain('&#60;script&#62;');
  });

  it('quotes the reason of a rejected scan with its label', () => {
    expect(renderScanRejected('fr-FR', { dossierId: 7, who: '', reason: 'Page 2', link }).text).toContain(
      '> Motif : Page 2',
    );
    expect(renderScanRejected('en-US', { dossierId: 7, who: '', reason: 'Page 2', link }).text).toContain(
      '> Reason: Page 2',
    );
  });
});
