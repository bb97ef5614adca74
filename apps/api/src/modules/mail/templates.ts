import type { CfaContact, Language } from '@passerelle/contract';
import { defaultCfaContact } from '../../config.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * Every mail template and the variables it needs. A module adds its template here (name → variables)
 * and its two renderings in `templates` below; `renderMail` then checks the variables at compile time.
 */
export interface MailTemplates {
  loginLink: {
    prenom: string;
    url: string;
    /** How long the link stays valid, in seconds. */
    validitySeconds: number;
  };
}

export type MailTemplateName = keyof MailTemplates;

type Renderer<V> = (vars: V) => MailContent;

const templates: { [K in MailTemplateName]: Record<Language, Renderer<MailTemplates[K]>> } = {
  loginLink: {
    'fr-FR': ({ prenom, url, validitySeconds }) => {
      const greeting = prenom ? `Bonjour ${prenom},` : 'Bonjour,';
      const validity = `Ce lien est valable ${formatDuration(validitySeconds, 'fr-FR')} et ne sert qu'une fois.`;
      const ignore = "Si vous n'avez pas demandé ce lien, ignorez ce message : personne ne pourra se connecter sans lui.";
      return {
        subject: 'Votre lien de connexion à Passerelle',
        text: [greeting, '', 'Pour accéder à votre espace Passerelle, ouvrez ce lien personnel :', url, '', validity, ignore].join('\n') + mailTextFooter('fr-FR'),
        html: htmlLayout('fr-FR', 'Votre lien de connexion', [
          paragraph(greeting),
          paragraph('Pour accéder à votre espace Passerelle, utilisez ce lien personnel :'),
          button(url, 'Me connecter à Passerelle'),
          paragraph(`Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur : ${url}`),
          paragraph(validity),
          paragraph(ignore),
        ]),
      };
    },
    'en-US': ({ prenom, url, validitySeconds }) => {
      const greeting = prenom ? `Hello ${prenom},` : 'Hello,';
      const validity = `This link is valid for ${formatDuration(validitySeconds, 'en-US')} and works only once.`;
      const ignore = 'If you did not ask for this link, ignore this message: nobody can sign in without it.';
      return {
        subject: 'Your Passerelle sign-in link',
        text: [greeting, '', 'To open your Passerelle space, follow this personal link:', url, '', validity, ignore].join('\n') + mailTextFooter('en-US'),
        html: htmlLayout('en-US', 'Your sign-in link', [
          paragraph(greeting),
          paragraph('To open your Passerelle space, use this personal link:'),
          button(url, 'Sign in to Passerelle'),
          paragraph(`If the button does not work, copy this address into your browser: ${url}`),
          paragraph(validity),
          paragraph(ignore),
        ]),
      };
    },
  },
};

let cfaContact: CfaContact = defaultCfaContact;

/** The CFA's contact written under every mail: the configuration's (CFA_CONTACT_*), set when the app is built. */
export function setMailContact(contact: CfaContact): void {
  cfaContact = contact;
}

/** The footer's words around its parts (given escaped for the html; the words themselves hold nothing to escape). */
function footerSentence(lang: Language, email: string, phone: string, hours: string): string {
  return lang === 'en-US'
    ? `A question? Write to the CFA at ${email} or call ${phone} (${hours}).`
    : `Une question ? Écrivez au CFA à ${email} ou appelez le ${phone} (${hours}).`;
}

/** The end of every mail's text: how to reach the CFA, after the usual "-- " signature separator. */
export function mailTextFooter(lang: Language): string {
  return `\n\n-- \n${footerSentence(lang, cfaContact.email, cfaContact.phone, cfaContact.hours[lang])}`;
}

function htmlFooter(lang: Language): string {
  const { email, phone, hours } = cfaContact;
  const mail = `<a href="mailto:${escapeHtml(email)}" style="color:#1b5e20">${escapeHtml(email)}</a>`;
  const call = `<a href="tel:${escapeHtml(phone.replace(/[^+\d]/g, ''))}" style="color:#1b5e20">${escapeHtml(phone)}</a>`;
  return [
    '<hr style="border:0;border-top:1px solid #bdbdbd;margin:24px 0 16px">',
    `<p style="margin:0;font-size:14px;color:#424242">${footerSentence(lang, mail, call, escapeHtml(hours[lang]))}</p>`,
  ].join('\n');
}

/** Subject, text and html of a mail, in the recipient's language. */
export function renderMail<K extends MailTemplateName>(template: K, lang: Language, vars: MailTemplates[K]): MailContent {
  const render: Renderer<MailTemplates[K]> = templates[template][lang];
  return render(vars);
}

/** "72 heures", "3 days", "15 minutes": the largest whole unit. */
export function formatDuration(seconds: number, lang: Language): string {
  const [value, unit] =
    seconds % 86_400 === 0 ? [seconds / 86_400, 'day'] : seconds % 3_600 === 0 ? [seconds / 3_600, 'hour'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function paragraph(text: string): string {
  return `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
}

/**
 * What someone else typed, shown as their words and not ours: an attribution line, then the lines (each label with its
 * own punctuation, as languages differ) in a bordered quote (html) or prefixed with "> " (text). Values are escaped,
 * and their line breaks folded so that none can start a line that would read as ours.
 */
export function quotedBlock(attribution: string, lines: { label: string; value: string }[]): { text: string; html: string } {
  const shown = lines
    .map(({ label, value }) => ({ label, value: value.replace(/\s+/g, ' ').trim() }))
    .filter((line) => line.value !== '');
  return {
    text: [attribution, ...shown.map(({ label, value }) => `> ${label} ${value}`)].join('\n'),
    html: [
      paragraph(attribution),
      '<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #757575;background:#f5f5f5;font-style:italic">',
      ...shown.map(({ label, value }) => `<p style="margin:4px 0"><span style="font-style:normal">${escapeHtml(label)}</span> ${escapeHtml(value)}</p>`),
      '</blockquote>',
    ].join('\n'),
  };
}

/** A link styled as a button: a real <a>, so it stays a link for screen readers and text-only clients. */
export function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#1b5e20;color:#ffffff;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

/** A minimal, accessible page: language declared, a title, readable sizes and contrast, no images. */
export function htmlLayout(lang: Language, title: string, blocks: string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<main style="max-width:560px;margin:0 auto">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>`,
    ...blocks,
    htmlFooter(lang),
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
