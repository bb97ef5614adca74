import { describe, expect, it } from 'vitest';
import { defaultCfaContact } from '../../config.ts';
import { renderEmployerInvitation, renderFundingTermsReady } from '../sheets/sheet-mails.ts';
import { formatDuration as formatWithIntl, renderMail, setMailContact } from './templates.ts';
import { greetableName } from '../sheets/sheet-mails.ts';

/** French puts a no-break space between number and unit; compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/gu, ' ');
const formatDuration = (...args: Parameters<typeof formatWithIntl>) => plain(formatWithIntl(...args));

describe('sign-in link mail', () => {
  const vars = { prenom: 'Zoé', url: 'https://cfa.example/?t=abc_DEF-123', validitySeconds: 72 * 3600 };

  it('is written in French for fr-FR', () => {
    const mail = renderMail('loginLink', 'fr-FR', vars);
    expect(mail.subject).toBe('Votre lien de connexion à Passerelle');
    expect(mail.text).toContain('Bonjour Zoé,');
    expect(mail.text).toContain('https://cfa.example/?t=abc_DEF-123');
    expect(plain(mail.text)).toContain('valable 3 jours');
    expect(mail.text).toContain("Si vous n'avez pas demandé ce lien, ignorez ce message");
    expect(mail.html).toContain('<html lang="fr-FR">');
    expect(mail.html).toContain('<a href="https://cfa.example/?t=abc_DEF-123"');
  });

  it('is written in English for en-US', () => {
    const mail = renderMail('loginLink', 'en-US', { ...vars, validitySeconds: 3600 });
    expect(mail.subject).toBe('Your Passerelle sign-in link');
    expect(mail.text).toContain('Hello Zoé,');
    expect(plain(mail.text)).toContain('valid for 1 hour');
    expect(mail.text).toContain('If you did not ask for this link, ignore this message');
    expect(mail.html).toContain('<html lang="en-US">');
    expect(mail.html).toContain('>Sign in to Passerelle</a>');
  });

  it('greets without a name when the first name is unknown', () => {
    expect(renderMail('loginLink', 'fr-FR', { ...vars, prenom: '' }).text.startsWith('Bonjour,\n')).toBe(true);
    expect(renderMail('loginLink', 'en-US', { ...vars, prenom: '' }).text.startsWith('Hello,\n')).toBe(true);
  });

  it('escapes what people typed before putting it in the html', () => {
    const mail = renderMail('loginLink', 'en-US', { ...vars, prenom: '<img src=x onerror=alert(1)>' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });
});

describe('the CFA contact under every mail', () => {
  const vars = { prenom: 'Zoé', url: 'https://cfa.example/?t=abc', validitySeconds: 3600 };
  const invitation = {
    applicantAccountName: 'Zoé Martin',
    contactAccountName: 'Marc Roux',
    school: 'ESILV',
    formation: 'Cycle ingénieur',
    cfa: 'CFA Passerelle',
    typed: { applicantName: 'Zoé', companyName: 'ACME', position: 'Dev', contactName: 'M. Roux' },
    url: 'https://cfa.example/?t=def',
    validitySeconds: 3600,
  };
  const funding = {
    applicantAccountName: 'Zoé Martin',
    dossierId: 7,
    url: 'https://cfa.example/?t=ghi',
    validitySeconds: 3600,
  };

  it('closes the text and the html of every template, in French and in English', () => {
    const mails = [
      ['fr-FR', renderMail('loginLink', 'fr-FR', vars)],
      ['en-US', renderMail('loginLink', 'en-US', vars)],
      ['fr-FR', renderEmployerInvitation('fr-FR', invitation)],
      ['en-US', renderEmployerInvitation('en-US', invitation)],
      ['fr-FR', renderFundingTermsReady('fr-FR', funding)],
      ['en-US', renderFundingTermsReady('en-US', funding)],
    ] as const;
    for (const [lang, mail] of mails) {
      const sentence =
        lang === 'fr-FR'
          ? 'Une question ? Écrivez au CFA à alternance@passerelle.localhost ou appelez le 01 23 45 67 89 (du lundi au vendredi, 9 h – 17 h).'
          : 'A question? Write to the CFA at alternance@passerelle.localhost or call 01 23 45 67 89 (Monday to Friday, 9 am – 5 pm).';
      expect(mail.text.endsWith(`\n\n-- \n${sentence}`), mail.subject).toBe(true);
      expect(mail.html).toContain('<a href="mailto:alternance@passerelle.localhost"');
      expect(mail.html).toContain('<a href="tel:0123456789"');
      expect(mail.html.indexOf('mailto:')).toBeLessThan(mail.html.indexOf('</main>'));
    }
  });

  it('writes the configured contact, escaped in the html', () => {
    setMailContact({
      email: 'cfa@ecole.example',
      phone: '+33 1 02 03 04 05',
      hours: { 'fr-FR': 'le mardi <matin>', 'en-US': 'Tuesday mornings' },
    });
    try {
      const mail = renderMail('loginLink', 'en-US', vars);
      expect(mail.text).toContain(
        'Write to the CFA at cfa@ecole.example or call +33 1 02 03 04 05 (Tuesday mornings).',
      );
      const french = renderMail('loginLink', 'fr-FR', vars);
      expect(french.html).toContain('<a href="tel:+33102030405"');
      expect(french.html).toContain('le mardi &#60;matin&#62;');
    } finally {
      setMailContact(defaultCfaContact);
    }
  });
});

describe('formatDuration', () => {
  it('uses the largest whole unit, in the language asked for', () => {
    expect(formatDuration(72 * 3600, 'fr-FR')).toBe('3 jours');
    expect(formatDuration(5 * 3600, 'fr-FR')).toBe('5 heures');
    expect(formatDuration(90 * 60, 'en-US')).toBe('90 minutes');
    expect(formatDuration(86_400, 'en-US')).toBe('1 day');
  });
});

describe("the employer's invitation (issue 29)", () => {
  const vars = {
    applicantAccountName: 'Zoé Martin',
    contactAccountName: 'Marc Roux',
    school: 'ESILV',
    formation: 'Cycle ingénieur',
    cfa: 'CFA Passerelle',
    typed: { applicantName: 'Zoé', companyName: 'ACME', position: 'Dev', contactName: 'M. Roux' },
    url: 'https://cfa.example/?t=def',
    validitySeconds: 3600,
  };

  it('greets the person by name and says which programme, school and CFA, in French and English', () => {
    const fr = renderEmployerInvitation('fr-FR', vars);
    expect(fr.subject).toBe('CFA Passerelle — contrat en alternance de Zoé Martin : fiche employeur à compléter');
    expect(fr.text.startsWith('Bonjour Marc Roux,\n')).toBe(true);
    expect(fr.text).toContain(
      'Zoé Martin, dont la candidature en Cycle ingénieur (ESILV) a été retenue par CFA Passerelle,',
    );
    expect(fr.html).toContain('Bonjour Marc Roux,');
    const en = renderEmployerInvitation('en-US', vars);
    expect(en.subject).toBe("CFA Passerelle — Zoé Martin's work-study contract: employer sheet to fill in");
    expect(en.text.startsWith('Hello Marc Roux,\n')).toBe(true);
    expect(en.text).toContain('whose application to the Cycle ingénieur (ESILV) was accepted by CFA Passerelle');
  });

  it('writes French that agrees with a woman and a man alike: no masculine-only word about the applicant', () => {
    const fr = renderEmployerInvitation('fr-FR', vars);
    const ours = fr.text.split('\n').filter((line) => !line.startsWith('> '));
    for (const line of ours) expect(line).not.toMatch(/\b(candidat|admis|désigné|il l'a)\b/);
  });

  it("greets without a name when the name is not a person's, and without the CFA's name when none is set", () => {
    for (const lure of [
      'Réglez sur https://evil.test',
      'Claire <b>Durand</b>',
      'Claire 06 12 34 56 78',
      '',
      'a'.repeat(61),
    ]) {
      expect(greetableName(lure), lure).toBeUndefined();
      expect(
        renderEmployerInvitation('fr-FR', { ...vars, contactAccountName: lure }).text.startsWith('Bonjour,\n'),
      ).toBe(true);
    }
    expect(greetableName("  Anne-Sophie   d'Arc  ")).toBe("Anne-Sophie d'Arc");
    const unnamed = renderEmployerInvitation('fr-FR', { ...vars, cfa: '', school: '', formation: '' });
    expect(unnamed.subject).toBe('Le CFA — contrat en alternance de Zoé Martin : fiche employeur à compléter');
    expect(unnamed.text).toContain('Zoé Martin, dont la candidature a été retenue par le CFA,');
  });
});
