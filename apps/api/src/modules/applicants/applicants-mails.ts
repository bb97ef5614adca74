import type { Language } from '@passerelle/contract';
import { button, formatDuration, htmlLayout, mailTextFooter, paragraph, type MailContent } from '../mail/mail.service.ts';

export interface ApplicantInvitationVars {
  prenom: string;
  /** The formation's label and school's name, when the applicant has one. */
  formation: string | null;
  school: string | null;
  link: { url: string; validitySeconds: number };
}

/** The invitation of an admitted applicant (issue 12), in the applicant's language, with a personal sign-in link. */
export function renderApplicantInvitation(lang: Language, { prenom, formation, school, link }: ApplicantInvitationVars): MailContent {
  const en = lang === 'en-US';
  const greeting = en ? (prenom ? `Hello ${prenom},` : 'Hello,') : prenom ? `Bonjour ${prenom},` : 'Bonjour,';
  const admitted = formation
    ? en
      ? `You are admitted to ${formation}${school ? ` at ${school}` : ''} as an apprentice.`
      : `Vous êtes admis(e) en alternance en ${formation}${school ? ` à ${school}` : ''}.`
    : en
      ? 'You are admitted to a work-study programme.'
      : 'Vous êtes admis(e) dans une formation en alternance.';
  const what = en
    ? 'Your Passerelle space holds the job offers, the workshops, and the forms of your apprenticeship contract with your employer.'
    : "Votre espace Passerelle réunit les offres d'emploi, les ateliers et les fiches de votre contrat d'alternance avec votre employeur.";
  const ask = en ? 'Open it with this personal link:' : 'Ouvrez-le avec ce lien personnel :';
  const label = en ? 'Open my Passerelle space' : 'Ouvrir mon espace Passerelle';
  const validity = en
    ? `This link is valid for ${formatDuration(link.validitySeconds, 'en-US')} and works only once; you can then ask for a new link from the sign-in page with this e-mail address.`
    : `Ce lien est valable ${formatDuration(link.validitySeconds, 'fr-FR')} et ne sert qu'une fois ; vous pourrez ensuite demander un nouveau lien depuis la page de connexion avec cette adresse e-mail.`;
  const copy = en
    ? 'If the button does not work, copy this address into your browser:'
    : 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :';
  const subject = en ? 'Welcome to Passerelle, your apprenticeship space' : 'Bienvenue sur Passerelle, votre espace alternance';
  const title = en ? 'Welcome to Passerelle' : 'Bienvenue sur Passerelle';
  const text = [greeting, '', admitted, what, '', ask, link.url, '', validity];
  return {
    subject,
    text: text.join('\n') + mailTextFooter(lang),
    html: htmlLayout(lang, title, [
      paragraph(greeting),
      paragraph(admitted),
      paragraph(what),
      paragraph(ask),
      button(link.url, label),
      paragraph(`${copy} ${link.url}`),
      paragraph(validity),
    ]),
  };
}
