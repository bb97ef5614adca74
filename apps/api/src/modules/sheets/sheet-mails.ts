import type { Language } from '@passerelle/contract';
import { button, formatDuration, htmlLayout, mailTextFooter, paragraph, quotedBlock, type MailContent } from '../mail/mail.service.ts';

export interface EmployerInvitationVars {
  /** The applicant's name as the CFA's records hold it (their account), not as they typed it on the sheet. */
  applicantAccountName: string;
  /** What the applicant typed on the first-contact sheet: shown only inside the quote attributed to them. */
  typed: {
    applicantName: string;
    companyName: string;
    position: string;
    contactName: string;
  };
  /** Personal link that signs the contact in and opens the employer first-contact sheet. */
  url: string;
  validitySeconds: number;
}

/**
 * The mail an employer's contact receives when an applicant sends the first-contact sheet naming them. The subject and
 * every sentence are ours; what the applicant typed (names, company, position) only appears inside a quote attributed to
 * them, so that this mail, sent with the CFA's address, cannot carry an applicant's message as the CFA's own.
 */
export function renderEmployerInvitation(lang: Language, vars: EmployerInvitationVars): MailContent {
  return lang === 'en-US' ? invitationEnUs(vars) : invitationFrFr(vars);
}

function invitationFrFr({ applicantAccountName, typed, url, validitySeconds }: EmployerInvitationVars): MailContent {
  const who = applicantAccountName || 'Un candidat';
  const greeting = 'Bonjour,';
  const intro = `${who}, candidat admis au CFA, souhaite préparer un contrat en alternance et vous a désigné comme contact dans votre entreprise.`;
  const quote = quotedBlock(`Message de ${who}, tel qu'il l'a saisi :`, [
    { label: 'Candidat :', value: typed.applicantName },
    { label: 'Entreprise :', value: typed.companyName },
    { label: 'Poste :', value: typed.position },
    { label: 'Contact désigné :', value: typed.contactName },
  ]);
  const ask = 'Pour poursuivre, merci de compléter la fiche premier contact employeur en ouvrant ce lien personnel :';
  const validity = `Ce lien est valable ${formatDuration(validitySeconds, 'fr-FR')} et ne sert qu'une fois ; vous pourrez ensuite demander un nouveau lien depuis la page de connexion.`;
  const ignore = 'Si vous ne connaissez pas cette personne, ignorez ce message : rien ne sera fait sans vous.';
  return {
    subject: 'Invitation à compléter une fiche premier contact employeur',
    text: [greeting, '', intro, '', quote.text, '', ask, url, '', validity, ignore].join('\n') + mailTextFooter('fr-FR'),
    html: htmlLayout('fr-FR', 'Fiche premier contact employeur', [
      paragraph(greeting),
      paragraph(intro),
      quote.html,
      paragraph(ask),
      button(url, 'Compléter la fiche premier contact'),
      paragraph(`Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur : ${url}`),
      paragraph(validity),
      paragraph(ignore),
    ]),
  };
}

function invitationEnUs({ applicantAccountName, typed, url, validitySeconds }: EmployerInvitationVars): MailContent {
  const who = applicantAccountName || 'An applicant';
  const greeting = 'Hello,';
  const intro = `${who}, an applicant admitted by the CFA, would like to set up a work-study contract and named you as the contact in your company.`;
  const quote = quotedBlock(`Message from ${who}, as they typed it:`, [
    { label: 'Applicant:', value: typed.applicantName },
    { label: 'Company:', value: typed.companyName },
    { label: 'Position:', value: typed.position },
    { label: 'Contact named:', value: typed.contactName },
  ]);
  const ask = 'To go on, please fill in the employer first-contact sheet by following this personal link:';
  const validity = `This link is valid for ${formatDuration(validitySeconds, 'en-US')} and works only once; you can then ask for a new link from the sign-in page.`;
  const ignore = 'If you do not know this person, ignore this message: nothing will be done without you.';
  return {
    subject: 'Invitation to fill in an employer first-contact sheet',
    text: [greeting, '', intro, '', quote.text, '', ask, url, '', validity, ignore].join('\n') + mailTextFooter('en-US'),
    html: htmlLayout('en-US', 'Employer first-contact sheet', [
      paragraph(greeting),
      paragraph(intro),
      quote.html,
      paragraph(ask),
      button(url, 'Fill in the first-contact sheet'),
      paragraph(`If the button does not work, copy this address into your browser: ${url}`),
      paragraph(validity),
      paragraph(ignore),
    ]),
  };
}

export interface FundingTermsReadyVars {
  /** The apprentice's name as the CFA's records hold it: a company may have several apprentices on one programme. */
  applicantAccountName: string;
  dossierId: number;
  /** Personal link that signs the employer in and opens the funding validation. */
  url: string;
  validitySeconds: number;
}

/**
 * The mail the company's users receive when the school has recorded the funding terms (issue 9): the funding page
 * promises it while the terms are missing, and offers no decision before.
 */
export function renderFundingTermsReady(lang: Language, vars: FundingTermsReadyVars): MailContent {
  return lang === 'en-US' ? fundingTermsReadyEnUs(vars) : fundingTermsReadyFrFr(vars);
}

function fundingTermsReadyFrFr({
  applicantAccountName,
  dossierId,
  url,
  validitySeconds,
}: FundingTermsReadyVars): MailContent {
  const who = applicantAccountName || 'votre futur alternant';
  const greeting = 'Bonjour,';
  const intro = `L'école a enregistré les modalités de financement du dossier n° ${dossierId} (${who}) : coût de la formation, prise en charge par l'OPCO et rythme de l'alternance.`;
  const ask =
    'Merci de les consulter et de donner votre réponse (accepter, refuser ou demander à être recontacté) en ouvrant ce lien personnel :';
  const validity = `Ce lien est valable ${formatDuration(validitySeconds, 'fr-FR')} et ne sert qu'une fois ; vous pourrez ensuite demander un nouveau lien depuis la page de connexion.`;
  return {
    subject: `Modalités de financement à valider — dossier n° ${dossierId} (${who})`,
    text: [greeting, '', intro, '', ask, url, '', validity].join('\n') + mailTextFooter('fr-FR'),
    html: htmlLayout('fr-FR', 'Modalités de financement à valider', [
      paragraph(greeting),
      paragraph(intro),
      paragraph(ask),
      button(url, 'Consulter les modalités'),
      paragraph(`Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur : ${url}`),
      paragraph(validity),
    ]),
  };
}

function fundingTermsReadyEnUs({
  applicantAccountName,
  dossierId,
  url,
  validitySeconds,
}: FundingTermsReadyVars): MailContent {
  const who = applicantAccountName || 'your future apprentice';
  const greeting = 'Hello,';
  const intro = `The school has recorded the funding terms of case no. ${dossierId} (${who}): training cost, OPCO funding and work-study rhythm.`;
  const ask =
    'Please read them and give your answer (accept, refuse or ask to be contacted again) by following this personal link:';
  const validity = `This link is valid for ${formatDuration(validitySeconds, 'en-US')} and works only once; you can then ask for a new link from the sign-in page.`;
  return {
    subject: `Funding terms to validate — case no. ${dossierId} (${who})`,
    text: [greeting, '', intro, '', ask, url, '', validity].join('\n') + mailTextFooter('en-US'),
    html: htmlLayout('en-US', 'Funding terms to validate', [
      paragraph(greeting),
      paragraph(intro),
      paragraph(ask),
      button(url, 'Read the terms'),
      paragraph(`If the button does not work, copy this address into your browser: ${url}`),
      paragraph(validity),
    ]),
  };
}
