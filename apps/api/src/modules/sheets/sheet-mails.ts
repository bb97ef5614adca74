import type { Language } from '@passerelle/contract';
import { button, formatDuration, htmlLayout, paragraph, type MailContent } from '../mail/templates.ts';

export interface EmployerInvitationVars {
  /** The contact's first name, when the applicant gave it. */
  prenom: string;
  /** "First name Last name" of the applicant who named the employer. */
  applicantName: string;
  companyName: string;
  /** Personal link that signs the contact in and opens the employer first-contact sheet. */
  url: string;
  validitySeconds: number;
}

/** The mail an employer's contact receives when an applicant sends the first-contact sheet naming them. */
export function renderEmployerInvitation(lang: Language, vars: EmployerInvitationVars): MailContent {
  return lang === 'en-US' ? invitationEnUs(vars) : invitationFrFr(vars);
}

function invitationFrFr({
  prenom,
  applicantName,
  companyName,
  url,
  validitySeconds,
}: EmployerInvitationVars): MailContent {
  const greeting = prenom ? `Bonjour ${prenom},` : 'Bonjour,';
  const intro = `${applicantName} souhaite préparer un contrat en alternance avec ${companyName} et vous a désigné comme contact.`;
  const ask = 'Pour poursuivre, merci de compléter la fiche premier contact employeur en ouvrant ce lien personnel :';
  const validity = `Ce lien est valable ${formatDuration(validitySeconds, 'fr-FR')} et ne sert qu'une fois ; vous pourrez ensuite demander un nouveau lien depuis la page de connexion.`;
  const ignore = 'Si vous ne connaissez pas cette personne, ignorez ce message : rien ne sera fait sans vous.';
  return {
    subject: `${applicantName} vous invite à compléter une fiche premier contact`,
    text: [greeting, '', intro, ask, url, '', validity, ignore].join('\n'),
    html: htmlLayout('fr-FR', 'Fiche premier contact employeur', [
      paragraph(greeting),
      paragraph(intro),
      paragraph(ask),
      button(url, 'Compléter la fiche premier contact'),
      paragraph(`Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur : ${url}`),
      paragraph(validity),
      paragraph(ignore),
    ]),
  };
}

function invitationEnUs({
  prenom,
  applicantName,
  companyName,
  url,
  validitySeconds,
}: EmployerInvitationVars): MailContent {
  const greeting = prenom ? `Hello ${prenom},` : 'Hello,';
  const intro = `${applicantName} would like to set up a work-study contract with ${companyName} and named you as the contact.`;
  const ask = 'To go on, please fill in the employer first-contact sheet by following this personal link:';
  const validity = `This link is valid for ${formatDuration(validitySeconds, 'en-US')} and works only once; you can then ask for a new link from the sign-in page.`;
  const ignore = 'If you do not know this person, ignore this message: nothing will be done without you.';
  return {
    subject: `${applicantName} invites you to fill in a first-contact sheet`,
    text: [greeting, '', intro, ask, url, '', validity, ignore].join('\n'),
    html: htmlLayout('en-US', 'Employer first-contact sheet', [
      paragraph(greeting),
      paragraph(intro),
      paragraph(ask),
      button(url, 'Fill in the first-contact sheet'),
      paragraph(`If the button does not work, copy this address into your browser: ${url}`),
      paragraph(validity),
      paragraph(ignore),
    ]),
  };
}
