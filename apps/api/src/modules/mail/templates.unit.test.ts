import { describe, expect, it } from 'vitest';
import { formatDuration as formatWithIntl, renderMail } from './templates.ts';

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

describe('formatDuration', () => {
  it('uses the largest whole unit, in the language asked for', () => {
    expect(formatDuration(72 * 3600, 'fr-FR')).toBe('3 jours');
    expect(formatDuration(5 * 3600, 'fr-FR')).toBe('5 heures');
    expect(formatDuration(90 * 60, 'en-US')).toBe('90 minutes');
    expect(formatDuration(86_400, 'en-US')).toBe('1 day');
  });
});
