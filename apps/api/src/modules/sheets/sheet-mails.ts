import type { Language } from '@passerelle/contract';
import {
  button,
  formatDuration,
  htmlLayout,
  mailTextFooter,
  paragraph,
  quotedBlock,
  type MailContent,
} from '../mail/mail.service.ts';

export interface EmployerInvitationVars {
  /** The invited person's name as their account holds it: the greeting. Empty: a greeting without a name. */
  contactAccountName: string;
  /** The applicant's name as the CFA's records hold it (their account), not as they typed it on the sheet. */
  applicantAccountName: string;
  /** The school and the programme of the applicant's case, and the CFA's name (settings), as the CFA's records hold them. */
  school: string;
  formation: string;
  cfa: string;
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

/** A mail that asks for an action through a personal link (which signs the person in once): its texts in one language. */
interface LinkMailTexts {
  subject: string;
  /** The greeting, "Bonjour," by default. */
  greeting?: string;
  /** The heading of the HTML layout. */
  title: string;
  intro: string;
  /** What the applicant typed, attributed to them (never as the CFA's own words). */
  quote?: { text: string; html: string };
  ask: string;
  button: string;
  /** The last sentence, after the link's validity. */
  closing?: string;
}

const linkMailWords = {
  'fr-FR': {
    greeting: 'Bonjour,',
    fallback: (url: string) => `Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur : ${url}`,
    validity: (seconds: number) =>
      `Ce lien est valable ${formatDuration(seconds, 'fr-FR')} et ne sert qu'une fois ; vous pourrez ensuite demander un nouveau lien depuis la page de connexion.`,
  },
  'en-US': {
    greeting: 'Hello,',
    fallback: (url: string) => `If the button does not work, copy this address into your browser: ${url}`,
    validity: (seconds: number) =>
      `This link is valid for ${formatDuration(seconds, 'en-US')} and works only once; you can then ask for a new link from the sign-in page.`,
  },
} satisfies Record<Language, unknown>;

/** The greeting, the texts, the link (a button and its address in words) and how long it is valid, in text and HTML. */
function linkMail(lang: Language, url: string, validitySeconds: number, texts: LinkMailTexts): MailContent {
  const words = linkMailWords[lang];
  const greeting = texts.greeting ?? words.greeting;
  const validity = words.validity(validitySeconds);
  const quote = texts.quote ? [texts.quote] : [];
  const closing = texts.closing ? [texts.closing] : [];
  return {
    subject: texts.subject,
    text:
      [
        greeting,
        '',
        texts.intro,
        '',
        ...quote.flatMap((block) => [block.text, '']),
        texts.ask,
        url,
        '',
        validity,
        ...closing,
      ].join('\n') + mailTextFooter(lang),
    html: htmlLayout(lang, texts.title, [
      paragraph(greeting),
      paragraph(texts.intro),
      ...quote.map((block) => block.html),
      paragraph(texts.ask),
      button(url, texts.button),
      paragraph(words.fallback(url)),
      paragraph(validity),
      ...closing.map((sentence) => paragraph(sentence)),
    ]),
  };
}

/**
 * The name the greeting may carry. A new contact's account holds the name the applicant typed, and the greeting is
 * outside the quote, in the CFA's voice: only a person's name passes (letters, spaces, hyphens and apostrophes, one to
 * five words, 60 characters at most); anything else, a link or a sentence, leaves the greeting without a name.
 */
export function greetableName(name: string): string | undefined {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  const words = trimmed.split(' ');
  const isName = /^\p{L}[\p{L}\p{M}'’ -]*\p{L}$/u.test(trimmed);
  return isName && trimmed.length <= 60 && words.length <= 5 ? trimmed : undefined;
}

/** Where the case is: "the Master in Data (ESILV)", the CFA's records' names; empty parts left out. */
function programmeOf(formation: string, school: string): string {
  if (formation && school) return `${formation} (${school})`;
  return formation || school;
}

/**
 * Neutral French: the applicant may be a woman or a man, and the sentences never need to agree with either
 * (issue 29: "candidat admis" read wrong to every woman's employer).
 */
function invitationFrFr(vars: EmployerInvitationVars): MailContent {
  const { applicantAccountName, contactAccountName, typed, url, validitySeconds } = vars;
  const who = applicantAccountName || 'Une personne';
  const programme = programmeOf(vars.formation, vars.school);
  const cfa = vars.cfa || 'le CFA';
  const name = greetableName(contactAccountName);
  return linkMail('fr-FR', url, validitySeconds, {
    subject: `${vars.cfa || 'Le CFA'} — contrat en alternance de ${who} : fiche employeur à compléter`,
    greeting: name ? `Bonjour ${name},` : undefined,
    title: 'Fiche premier contact employeur',
    intro: `${who}, dont la candidature ${programme ? `en ${programme} ` : ''}a été retenue par ${cfa}, souhaite préparer un contrat en alternance avec votre entreprise et vous indique comme personne à contacter.`,
    quote: quotedBlock(`Message de ${who}, tel que saisi sur sa fiche :`, [
      { label: 'Personne candidate :', value: typed.applicantName },
      { label: 'Entreprise :', value: typed.companyName },
      { label: 'Poste :', value: typed.position },
      { label: 'Contact désigné :', value: typed.contactName },
    ]),
    ask: 'Pour poursuivre, merci de compléter la fiche premier contact employeur en ouvrant ce lien personnel :',
    button: 'Compléter la fiche premier contact',
    closing: 'Si vous ne connaissez pas cette personne, ignorez ce message : rien ne sera fait sans vous.',
  });
}

function invitationEnUs(vars: EmployerInvitationVars): MailContent {
  const { applicantAccountName, contactAccountName, typed, url, validitySeconds } = vars;
  const who = applicantAccountName || 'An applicant';
  const programme = programmeOf(vars.formation, vars.school);
  const cfa = vars.cfa || 'the CFA';
  const name = greetableName(contactAccountName);
  return linkMail('en-US', url, validitySeconds, {
    subject: `${vars.cfa || 'The CFA'} — ${who}'s work-study contract: employer sheet to fill in`,
    greeting: name ? `Hello ${name},` : undefined,
    title: 'Employer first-contact sheet',
    intro: `${who}, whose application ${programme ? `to the ${programme} ` : ''}was accepted by ${cfa}, would like to set up a work-study contract and named you as the contact in your company.`,
    quote: quotedBlock(`Message from ${who}, as typed on their sheet:`, [
      { label: 'Applicant:', value: typed.applicantName },
      { label: 'Company:', value: typed.companyName },
      { label: 'Position:', value: typed.position },
      { label: 'Contact named:', value: typed.contactName },
    ]),
    ask: 'To go on, please fill in the employer first-contact sheet by following this personal link:',
    button: 'Fill in the first-contact sheet',
    closing: 'If you do not know this person, ignore this message: nothing will be done without you.',
  });
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
  return linkMail('fr-FR', url, validitySeconds, {
    subject: `Modalités de financement à valider — dossier n° ${dossierId} (${who})`,
    title: 'Modalités de financement à valider',
    intro: `L'école a enregistré les modalités de financement du dossier n° ${dossierId} (${who}) : coût de la formation, prise en charge par l'OPCO et rythme de l'alternance.`,
    ask: 'Merci de les consulter et de donner votre réponse (accepter, refuser ou demander à être recontacté) en ouvrant ce lien personnel :',
    button: 'Consulter les modalités',
  });
}

function fundingTermsReadyEnUs({
  applicantAccountName,
  dossierId,
  url,
  validitySeconds,
}: FundingTermsReadyVars): MailContent {
  const who = applicantAccountName || 'your future apprentice';
  return linkMail('en-US', url, validitySeconds, {
    subject: `Funding terms to validate — case no. ${dossierId} (${who})`,
    title: 'Funding terms to validate',
    intro: `The school has recorded the funding terms of case no. ${dossierId} (${who}): training cost, OPCO funding and work-study rhythm.`,
    ask: 'Please read them and give your answer (accept, refuse or ask to be contacted again) by following this personal link:',
    button: 'Read the terms',
  });
}
