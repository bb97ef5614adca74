import type { Language, PdfRefusal, ReturnableSheet, ReviewableDocument, SignerRole } from '@passerelle/contract';
import {
  button,
  escapeHtml,
  formatDuration,
  htmlLayout,
  mailTextFooter,
  paragraph,
  quotedBlock,
  type MailContent,
} from '../mail/mail.service.ts';

/**
 * The mails of issue 10 ("every step tells the next person"), in French and in English. Every sentence is ours; what
 * staff typed (a message, a reason) only appears inside a quote attributed to the school. Names come from the CFA's
 * records (accounts), never from what a party typed on a sheet.
 */

/** A personal sign-in link to the screen where the receiver acts. */
export interface MailLink {
  url: string;
  validitySeconds: number;
}

/** The parts every notice is made of; `renderNotice` lays them out the same way in text and html. */
interface Notice {
  subject: string;
  title: string;
  paragraphs: string[];
  /** What staff wrote, quoted: the attribution line, the label, the words. */
  quote?: { attribution: string; label: string; value: string } | undefined;
  after?: string[];
  action?: { ask: string; label: string; link: MailLink } | undefined;
}

function renderNotice(lang: Language, notice: Notice): MailContent {
  const en = lang === 'en-US';
  const greeting = en ? 'Hello,' : 'Bonjour,';
  const quote = notice.quote
    ? quotedBlock(notice.quote.attribution, [{ label: notice.quote.label, value: notice.quote.value }])
    : undefined;
  const after = notice.after ?? [];
  const action = notice.action;
  const validity = action
    ? en
      ? `This link is valid for ${formatDuration(action.link.validitySeconds, 'en-US')} and works only once; you can then ask for a new link from the sign-in page.`
      : `Ce lien est valable ${formatDuration(action.link.validitySeconds, 'fr-FR')} et ne sert qu'une fois ; vous pourrez ensuite demander un nouveau lien depuis la page de connexion.`
    : '';
  const copy = en
    ? 'If the button does not work, copy this address into your browser:'
    : 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :';
  const text = [
    greeting,
    '',
    ...notice.paragraphs.flatMap((p) => [p, '']),
    ...(quote ? [quote.text, ''] : []),
    ...after.flatMap((p) => [p, '']),
    ...(action ? [action.ask, action.link.url, '', validity] : []),
  ];
  while (text.at(-1) === '') text.pop();
  return {
    subject: notice.subject,
    text: text.join('\n') + mailTextFooter(lang),
    html: htmlLayout(lang, notice.title, [
      paragraph(greeting),
      ...notice.paragraphs.map(paragraph),
      ...(quote ? [quote.html] : []),
      ...after.map(paragraph),
      ...(action
        ? [
            paragraph(action.ask),
            button(action.link.url, action.label),
            paragraph(`${copy} ${action.link.url}`),
            paragraph(validity),
          ]
        : []),
    ]),
  };
}

const sheetNames: Record<ReturnableSheet, Record<Language, string>> = {
  f1ca: { 'fr-FR': 'fiche premier contact', 'en-US': 'first-contact sheet' },
  f1ce: { 'fr-FR': 'fiche premier contact employeur', 'en-US': 'employer first-contact sheet' },
  fra: { 'fr-FR': 'fiche de renseignements', 'en-US': 'information sheet' },
  fre: { 'fr-FR': 'fiche de renseignements (partie employeur)', 'en-US': 'information sheet (employer part)' },
  missions: { 'fr-FR': 'fiche missions', 'en-US': 'missions sheet' },
};

const documentNames: Record<ReviewableDocument, Record<Language, string>> = {
  cvec: { 'fr-FR': 'attestation CVEC', 'en-US': 'CVEC certificate' },
  attestationBac: { 'fr-FR': 'attestation du baccalauréat', 'en-US': 'baccalaureate attestation' },
};

/** "dossier n° 12 (Léa Martin)" for a company, which may follow several apprentices; "dossier n° 12" for the applicant. */
function caseRef(lang: Language, dossierId: number, who?: string): string {
  const base = lang === 'en-US' ? `case no. ${dossierId}` : `dossier n° ${dossierId}`;
  return who ? `${base} (${who})` : base;
}

function schoolQuote(lang: Language, message: string, kind: 'message' | 'reason'): Notice['quote'] {
  if (lang === 'en-US')
    return { attribution: 'From the school:', label: kind === 'message' ? 'Message:' : 'Reason:', value: message };
  return {
    attribution: "De la part de l'école :",
    label: kind === 'message' ? 'Message :' : 'Motif :',
    value: message,
  };
}

// ---------- Staff actions on a case ----------

export interface SheetReturnedVars {
  sheet: ReturnableSheet;
  dossierId: number;
  /** The applicant's account name, for a company's people; empty for the applicant. */
  who: string;
  message: string;
  link: MailLink;
}

export function renderSheetReturned(
  lang: Language,
  { sheet, dossierId, who, message, link }: SheetReturnedVars,
): MailContent {
  const name = sheetNames[sheet][lang];
  const ref = caseRef(lang, dossierId, who);
  if (lang === 'en-US')
    return renderNotice(lang, {
      subject: `Your ${name} is sent back to you — ${ref}`,
      title: `Your ${name} is sent back to you`,
      paragraphs: [`The school sends the ${name} of ${ref} back to you, so that you complete or correct it.`],
      quote: schoolQuote(lang, message, 'message'),
      action: {
        ask: 'Open the sheet with this personal link, change it, then send it again:',
        label: 'Open the sheet',
        link,
      },
    });
  return renderNotice(lang, {
    subject: `Votre ${name} vous est renvoyée — ${ref}`,
    title: `Votre ${name} vous est renvoyée`,
    paragraphs: [`L'école vous renvoie la ${name} du ${ref} pour que vous la complétiez ou la corrigiez.`],
    quote: schoolQuote(lang, message, 'message'),
    action: {
      ask: 'Ouvrez la fiche avec ce lien personnel, modifiez-la puis envoyez-la de nouveau :',
      label: 'Reprendre la fiche',
      link,
    },
  });
}

export interface MissionsComplementVars {
  dossierId: number;
  who: string;
  message: string;
  link: MailLink;
}

export function renderMissionsComplement(
  lang: Language,
  { dossierId, who, message, link }: MissionsComplementVars,
): MailContent {
  const ref = caseRef(lang, dossierId, who);
  if (lang === 'en-US')
    return renderNotice(lang, {
      subject: `More details needed on the missions — ${ref}`,
      title: 'More details needed on the missions',
      paragraphs: [`The school needs more details on the missions of the work-study contract of ${ref}.`],
      quote: schoolQuote(lang, message, 'message'),
      action: {
        ask: 'Please complete the missions sheet by following this personal link:',
        label: 'Complete the missions',
        link,
      },
    });
  return renderNotice(lang, {
    subject: `Précisions demandées sur les missions — ${ref}`,
    title: 'Précisions demandées sur les missions',
    paragraphs: [`L'école a besoin de précisions sur les missions du contrat en alternance du ${ref}.`],
    quote: schoolQuote(lang, message, 'message'),
    action: {
      ask: 'Merci de compléter la fiche missions en ouvrant ce lien personnel :',
      label: 'Compléter les missions',
      link,
    },
  });
}

export interface DocumentRejectedVars {
  document: ReviewableDocument;
  reason: string;
  link: MailLink;
}

export function renderDocumentRejected(lang: Language, { document, reason, link }: DocumentRejectedVars): MailContent {
  const name = documentNames[document][lang];
  if (lang === 'en-US')
    return renderNotice(lang, {
      subject: `Your ${name} was not accepted`,
      title: `Your ${name} was not accepted`,
      paragraphs: [`The school could not accept the ${name} you uploaded.`],
      quote: schoolQuote(lang, reason, 'reason'),
      action: {
        ask: 'Upload a new one from your cases page, with this personal link:',
        label: 'Upload a new document',
        link,
      },
    });
  return renderNotice(lang, {
    subject: `Votre ${name} n'a pas été acceptée`,
    title: `Votre ${name} n'a pas été acceptée`,
    paragraphs: [`L'école n'a pas pu accepter l'${name} que vous avez déposée.`],
    quote: schoolQuote(lang, reason, 'reason'),
    action: {
      ask: 'Déposez-en une nouvelle depuis la page de vos dossiers, avec ce lien personnel :',
      label: 'Déposer un nouveau document',
      link,
    },
  });
}

export interface FirstContactDecidedVars {
  decision: 'accept' | 'refuse';
  /** The receiver: the applicant, or one of the company's people. */
  to: 'applicant' | 'company';
  dossierId: number;
  who: string;
  reason: string | undefined;
  /** None for a company told of a refusal: it has nothing left to do on the case. */
  link: MailLink | undefined;
}

/** The words of the first-contact decision, per language: the receiver's paragraphs by decision, and the action. */
interface FirstContactDecidedWords {
  paragraphs: Record<
    FirstContactDecidedVars['to'],
    Record<FirstContactDecidedVars['decision'], (ref: string) => string[]>
  >;
  /** To an applicant refused: what is left to do. */
  afterRefusal: string;
  title: Record<FirstContactDecidedVars['decision'], string>;
  ask: Record<FirstContactDecidedVars['to'], string>;
  label: Record<FirstContactDecidedVars['to'], string>;
}

const FIRST_CONTACT_DECIDED: Record<'fr-FR' | 'en-US', FirstContactDecidedWords> = {
  'fr-FR': {
    paragraphs: {
      applicant: {
        accept: (ref) => [
          `Bonne nouvelle : l'école a validé le premier contact du ${ref}.`,
          "Le service relations entreprises va maintenant fixer les modalités avec l'employeur ; vous serez prévenu de la suite.",
        ],
        refuse: (ref) => [`L'école n'a pas retenu le premier contact du ${ref} : ce dossier est clos.`],
      },
      company: {
        accept: (ref) => [
          `L'école a validé le premier contact du ${ref}.`,
          'Le service relations entreprises va enregistrer les modalités de financement ; vous recevrez un message pour les valider.',
        ],
        refuse: (ref) => [`L'école n'a pas retenu ce projet de contrat en alternance (${ref}) : le dossier est clos.`],
      },
    },
    afterRefusal: 'Vous pouvez poursuivre votre recherche et ouvrir un nouveau dossier.',
    title: { accept: 'Premier contact validé', refuse: 'Premier contact non retenu' },
    ask: {
      applicant: 'Suivez vos dossiers avec ce lien personnel :',
      company: 'Vous pouvez relire votre fiche avec ce lien personnel :',
    },
    label: { applicant: 'Voir mes dossiers', company: 'Ouvrir la fiche' },
  },
  'en-US': {
    paragraphs: {
      applicant: {
        accept: (ref) => [
          `Good news: the school accepted the first contact of ${ref}.`,
          'The employer-relations service will now set the terms with the employer; you will be told what comes next.',
        ],
        refuse: (ref) => [`The school did not accept the first contact of ${ref}: this case is closed.`],
      },
      company: {
        accept: (ref) => [
          `The school accepted the first contact of ${ref}.`,
          'The employer-relations service will record the funding terms; you will receive a message to validate them.',
        ],
        refuse: (ref) => [`The school did not accept this work-study project (${ref}): the case is closed.`],
      },
    },
    afterRefusal: 'You can go on with your search and open a new case.',
    title: { accept: 'First contact accepted', refuse: 'First contact not accepted' },
    ask: {
      applicant: 'Follow your cases with this personal link:',
      company: 'You can read your sheet again with this personal link:',
    },
    label: { applicant: 'See my cases', company: 'Open the sheet' },
  },
};

export function renderFirstContactDecided(
  lang: Language,
  { decision, to, dossierId, who, reason, link }: FirstContactDecidedVars,
): MailContent {
  const language = lang === 'en-US' ? 'en-US' : 'fr-FR';
  const words = FIRST_CONTACT_DECIDED[language];
  const ref = caseRef(language, dossierId, who);
  const title = words.title[decision];
  return renderNotice(language, {
    subject: `${title} — ${ref}`,
    title,
    paragraphs: words.paragraphs[to][decision](ref),
    quote: reason ? schoolQuote(language, reason, decision === 'refuse' ? 'reason' : 'message') : undefined,
    after: to === 'applicant' && decision === 'refuse' ? [words.afterRefusal] : [],
    action: link ? { ask: words.ask[to], label: words.label[to], link } : undefined,
  });
}

// ---------- Transitions made by a party ----------

export function renderEmployerFirstContactSent(
  lang: Language,
  vars: { dossierId: number; link: MailLink },
): MailContent {
  const ref = caseRef(lang, vars.dossierId);
  if (lang === 'en-US')
    return renderNotice(lang, {
      subject: `The employer sent its first-contact sheet — ${ref}`,
      title: 'The employer sent its first-contact sheet',
      paragraphs: [
        `The company has filled in its first-contact sheet for ${ref}.`,
        'The school will now study both sheets; you will be told of its decision.',
      ],
      action: { ask: 'Follow your cases with this personal link:', label: 'See my cases', link: vars.link },
    });
  return renderNotice(lang, {
    subject: `L'employeur a envoyé sa fiche premier contact — ${ref}`,
    title: "L'employeur a envoyé sa fiche premier contact",
    paragraphs: [
      `L'entreprise a complété sa fiche premier contact pour le ${ref}.`,
      "L'école va maintenant étudier les deux fiches ; vous serez prévenu de sa décision.",
    ],
    action: { ask: 'Suivez vos dossiers avec ce lien personnel :', label: 'Voir mes dossiers', link: vars.link },
  });
}

export interface InformationSheetDueVars {
  to: 'applicant' | 'company';
  dossierId: number;
  who: string;
  link: MailLink;
}

export function renderInformationSheetDue(
  lang: Language,
  { to, dossierId, who, link }: InformationSheetDueVars,
): MailContent {
  const ref = caseRef(lang, dossierId, who);
  if (lang === 'en-US') {
    const intro =
      to === 'company'
        ? `You accepted the funding of the work-study contract of ${ref}. Next step: the information sheet, from which the contract and the training agreement are drawn up. Your future apprentice fills in their own part.`
        : `The company accepted the funding of your work-study contract (${ref}). Next step: your information sheet, from which the contract and the training agreement are drawn up.`;
    return renderNotice(lang, {
      subject: `Information sheet to fill in — ${ref}`,
      title: 'Information sheet to fill in',
      paragraphs: [intro],
      action: {
        ask:
          to === 'company'
            ? 'Fill in the employer part with this personal link:'
            : 'Fill it in with this personal link:',
        label: 'Fill in the information sheet',
        link,
      },
    });
  }
  const intro =
    to === 'company'
      ? `Vous avez accepté le financement du contrat en alternance du ${ref}. Étape suivante : la fiche de renseignements, qui sert à établir le contrat et la convention de formation. Votre futur alternant complète sa partie de son côté.`
      : `L'entreprise a accepté le financement de votre contrat en alternance (${ref}). Étape suivante : votre fiche de renseignements, qui sert à établir le contrat et la convention de formation.`;
  return renderNotice(lang, {
    subject: `Fiche de renseignements à compléter — ${ref}`,
    title: 'Fiche de renseignements à compléter',
    paragraphs: [intro],
    action: {
      ask:
        to === 'company'
          ? 'Complétez la partie employeur avec ce lien personnel :'
          : 'Complétez-la avec ce lien personnel :',
      label: 'Compléter la fiche de renseignements',
      link,
    },
  });
}

// ---------- Reminders (job `reminders`) ----------

export interface ReminderVars {
  sheet: 'f1ce' | 'fra' | 'fre';
  dossierId: number;
  who: string;
  /** The configured wait (REMINDER_*_DAYS). */
  days: number;
  link: MailLink;
}

export function renderReminder(lang: Language, { sheet, dossierId, who, days, link }: ReminderVars): MailContent {
  const name = sheetNames[sheet][lang];
  const ref = caseRef(lang, dossierId, who);
  if (lang === 'en-US')
    return renderNotice(lang, {
      subject: `Reminder: ${name} waiting for you — ${ref}`,
      title: `Reminder: ${name} waiting for you`,
      paragraphs: [
        sheet === 'f1ce'
          ? `The employer first-contact sheet of ${ref} has been waiting for you for more than ${days} days: the school cannot study the work-study project without it.`
          : `The ${name} of ${ref} has been waiting for you for more than ${days} days: the contract cannot be drawn up without it.`,
      ],
      after: ['If you have a question or no longer wish to go on, tell the CFA (see below).'],
      action: { ask: 'Fill it in with this personal link:', label: 'Open the sheet', link },
    });
  return renderNotice(lang, {
    subject: `Rappel : ${name} en attente — ${ref}`,
    title: `Rappel : ${name} en attente`,
    paragraphs: [
      sheet === 'f1ce'
        ? `La fiche premier contact employeur du ${ref} vous attend depuis plus de ${days} jours : l'école ne peut pas étudier le projet d'alternance sans elle.`
        : `La ${name} du ${ref} vous attend depuis plus de ${days} jours : le contrat ne peut pas être établi sans elle.`,
    ],
    after: ['Pour une question, ou si vous ne souhaitez plus donner suite, prévenez le CFA (coordonnées ci-dessous).'],
    action: { ask: 'Complétez-la avec ce lien personnel :', label: 'Ouvrir la fiche', link },
  });
}

// ---------- Staff digest (job `staff-digest`) ----------

export interface StaffDigestVars {
  queue: { firstContacts: number; terms: number; contracts: number; documents: number };
  alerts: { stale: { count: number; days: number }; waiting: { count: number; days: number } };
  /** The back office's cases waiting for the school (personal link), and its home. */
  link: MailLink;
  home: string;
}

type Countable = [count: number, one: string, many: string];

function countLines(items: Countable[]): string[] {
  return items.filter(([count]) => count > 0).map(([count, one, many]) => `${count} ${count === 1 ? one : many}`);
}

function listBlock(title: string, lines: string[]): { text: string[]; html: string[] } {
  if (lines.length === 0) return { text: [], html: [] };
  return {
    text: [title, ...lines.map((line) => `- ${line}`), ''],
    html: [
      paragraph(title),
      `<ul style="margin:0 0 16px;padding-left:24px">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    ],
  };
}

export function renderStaffDigest(lang: Language, { queue, alerts, link, home }: StaffDigestVars): MailContent {
  const en = lang === 'en-US';
  const waitingLines = countLines(
    en
      ? [
          [queue.firstContacts, 'first contact to review', 'first contacts to review'],
          [queue.terms, 'case whose terms are to record', 'cases whose terms are to record'],
          [queue.contracts, 'contract to prepare', 'contracts to prepare'],
          [queue.documents, 'applicant document to check', 'applicant documents to check'],
        ]
      : [
          [queue.firstContacts, 'premier contact à étudier', 'premiers contacts à étudier'],
          [
            queue.terms,
            'dossier dont les modalités sont à enregistrer',
            'dossiers dont les modalités sont à enregistrer',
          ],
          [queue.contracts, 'contrat à préparer', 'contrats à préparer'],
          [queue.documents, 'document de candidat à vérifier', 'documents de candidats à vérifier'],
        ],
  );
  const { stale, waiting } = alerts;
  const alertLines = countLines(
    en
      ? [
          [
            stale.count,
            `case of an applicant registered more than ${stale.days} days ago without a signed contract`,
            `cases of applicants registered more than ${stale.days} days ago without a signed contract`,
          ],
          [
            waiting.count,
            `case waiting on the same party for more than ${waiting.days} days`,
            `cases waiting on the same party for more than ${waiting.days} days`,
          ],
        ]
      : [
          [
            stale.count,
            `dossier d'un candidat inscrit depuis plus de ${stale.days} jours sans contrat signé`,
            `dossiers de candidats inscrits depuis plus de ${stale.days} jours sans contrat signé`,
          ],
          [
            waiting.count,
            `dossier qui attend la même personne depuis plus de ${waiting.days} jours`,
            `dossiers qui attendent la même personne depuis plus de ${waiting.days} jours`,
          ],
        ],
  );
  const waitingBlock = listBlock(en ? 'Waiting for the school:' : "En attente de l'école :", waitingLines);
  const alertBlock = listBlock(en ? 'Alerts:' : 'Alertes :', alertLines);
  const title = en ? 'Your Passerelle day' : 'Votre journée Passerelle';
  const total = queue.firstContacts + queue.terms + queue.contracts + queue.documents;
  const subject =
    total > 0
      ? en
        ? `Passerelle: ${total} ${total === 1 ? 'task waits' : 'tasks wait'} for the school`
        : `Passerelle : ${total} ${total === 1 ? 'tâche attend' : 'tâches attendent'} l'école`
      : en
        ? 'Passerelle: alerts of the day'
        : 'Passerelle : alertes du jour';
  const ask = en
    ? 'Open the cases waiting for the school with this personal link:'
    : "Ouvrez les dossiers qui attendent l'école avec ce lien personnel :";
  const homeLine = en ? `The back office: ${home}` : `Le back-office : ${home}`;
  const validity = en
    ? `This link is valid for ${formatDuration(link.validitySeconds, 'en-US')} and works only once.`
    : `Ce lien est valable ${formatDuration(link.validitySeconds, 'fr-FR')} et ne sert qu'une fois.`;
  const greeting = en ? 'Hello,' : 'Bonjour,';
  const intro = en ? 'Here is what waits for the school today.' : "Voici ce qui attend l'école aujourd'hui.";
  return {
    subject,
    text:
      [greeting, '', intro, '', ...waitingBlock.text, ...alertBlock.text, ask, link.url, '', validity, homeLine].join(
        '\n',
      ) + mailTextFooter(lang),
    html: htmlLayout(lang, title, [
      paragraph(greeting),
      paragraph(intro),
      ...waitingBlock.html,
      ...alertBlock.html,
      paragraph(ask),
      button(link.url, en ? 'Open the cases' : 'Ouvrir les dossiers'),
      paragraph(validity),
      paragraph(homeLine),
    ]),
  };
}

// ---------- Signing (issue 11) ----------

export interface SignatureTurnVars {
  dossierId: number;
  who: string;
  /** Set for a reminder: the configured wait (SIGNATURE_REMINDER_DAYS). */
  reminderDays?: number | undefined;
  /** The method the first signer or the CFA chose; null while nobody has. */
  method: 'online' | 'manual' | null;
  link: MailLink;
}

/** How to sign, as the method chosen has it: the next signer signs as the previous ones did. */
const howToSign = {
  'fr-FR': {
    online:
      'La signature se fait en ligne : lisez chaque document sur la page, puis signez avec un code reçu par e-mail à cette adresse.',
    manual:
      'La signature se fait sur papier : téléchargez les documents, qui portent les signatures déjà faites, imprimez-les, signez-les et déposez le scan sur la page.',
    none: 'Lisez chaque document sur la page, puis signez en ligne avec un code reçu par e-mail, ou imprimez, signez et déposez le scan.',
  },
  'en-US': {
    online:
      'The documents are signed online: read every document on the page, then sign with a code sent by e-mail to this address.',
    manual:
      'The documents are signed on paper: download them (they carry the signatures already made), print and sign them, and upload the scan on the page.',
    none: 'Read every document on the page, then sign online with a code sent by e-mail, or print, sign and upload the scan.',
  },
} satisfies Record<Language, Record<'online' | 'manual' | 'none', string>>;

/** It is the receiver's turn to sign the contract documents (or a reminder of it). */
export function renderSignatureTurn(
  lang: Language,
  { dossierId, who, reminderDays, method, link }: SignatureTurnVars,
): MailContent {
  const ref = caseRef(lang, dossierId, who);
  const how = howToSign[lang][method ?? 'none'];
  if (lang === 'en-US')
    return renderNotice(lang, {
      subject: `${reminderDays ? 'Reminder: ' : ''}contract documents to sign — ${ref}`,
      title: 'Contract documents to sign',
      paragraphs: [
        reminderDays
          ? `The contract documents of ${ref} have been waiting for your signature for more than ${reminderDays} days.`
          : `The contract documents of ${ref} are ready: it is your turn to read and sign them.`,
        how,
      ],
      after: ['If something is wrong in the documents, refuse with the reason on the page: the CFA will correct them.'],
      action: { ask: 'Open the documents with this personal link:', label: 'Read and sign', link },
    });
  return renderNotice(lang, {
    subject: `${reminderDays ? 'Rappel : ' : ''}documents du contrat à signer — ${ref}`,
    title: 'Documents du contrat à signer',
    paragraphs: [
      reminderDays
        ? `Les documents du contrat du ${ref} attendent votre signature depuis plus de ${reminderDays} jours.`
        : `Les documents du contrat du ${ref} sont prêts : c'est à vous de les lire et de les signer.`,
      how,
    ],
    after: [
      'Si une information est erronée, refusez en indiquant la raison sur la page : le CFA corrigera les documents.',
    ],
    action: { ask: 'Ouvrez les documents avec ce lien personnel :', label: 'Lire et signer', link },
  });
}

/** The one-time code of an online signature (no link: the code is typed on the page that asked for it). */
export function renderSignatureCode(
  lang: Language,
  { code, minutes, dossierId }: { code: string; minutes: number; dossierId: number },
): MailContent {
  const en = lang === 'en-US';
  // Never the code in the subject: a phone's lock screen and a mailbox's list show subjects to anyone nearby (issue 29).
  const subject = en
    ? `Your signature code — case no. ${dossierId}`
    : `Votre code de signature — dossier n° ${dossierId}`;
  const lines = en
    ? [
        `Your one-time code to sign the contract documents of case no. ${dossierId} is:`,
        code,
        `It is valid for ${minutes} minutes. If you did not ask for it, ignore this e-mail and tell the CFA.`,
      ]
    : [
        `Votre code à usage unique pour signer les documents du contrat du dossier n° ${dossierId} est :`,
        code,
        `Il est valable ${minutes} minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail et prévenez le CFA.`,
      ];
  return {
    subject,
    text:
      [en ? 'Hello,' : 'Bonjour,', '', ...lines.flatMap((line) => [line, ''])].join('\n').trimEnd() +
      mailTextFooter(lang),
    html: htmlLayout(lang, subject, [paragraph(en ? 'Hello,' : 'Bonjour,'), ...lines.map(paragraph)]),
  };
}

/** Staff rejected the signed scan a signer uploaded: sign and upload again. */
export function renderScanRejected(
  lang: Language,
  { dossierId, who, reason, link }: { dossierId: number; who: string; reason: string; link: MailLink },
): MailContent {
  const ref = caseRef(lang, dossierId, who);
  const en = lang === 'en-US';
  return renderNotice(lang, {
    subject: en ? `Signed document to send again — ${ref}` : `Document signé à renvoyer — ${ref}`,
    title: en ? 'Signed document to send again' : 'Document signé à renvoyer',
    paragraphs: [
      en
        ? `The CFA could not accept the signed scan you sent for ${ref}.`
        : `Le CFA n'a pas pu accepter le scan signé que vous avez envoyé pour le ${ref}.`,
    ],
    quote: {
      attribution: en ? 'The CFA wrote:' : 'Le CFA a écrit :',
      label: en ? 'Reason:' : 'Motif :',
      value: reason,
    },
    action: {
      ask: en
        ? 'Sign and upload it again with this personal link:'
        : 'Signez-le et déposez-le de nouveau avec ce lien personnel :',
      label: en ? 'Open the documents' : 'Ouvrir les documents',
      link,
    },
  });
}

/** Staff accepted the signed scan a signer uploaded: their paper signature counts; the others sign next. */
export function renderScanConfirmed(
  lang: Language,
  { dossierId, who, link }: { dossierId: number; who: string; link: MailLink },
): MailContent {
  const ref = caseRef(lang, dossierId, who);
  if (lang === 'en-US')
    return renderNotice(lang, {
      subject: `Your signed document is accepted — ${ref}`,
      title: 'Your signed document is accepted',
      paragraphs: [
        `The CFA checked the signed scan you sent for ${ref} and accepted it: your signature on paper counts.`,
        'You have nothing more to do. Once everyone has signed, you will receive the signed contract.',
      ],
      action: { ask: 'Follow the signatures with this personal link:', label: 'Open the documents', link },
    });
  return renderNotice(lang, {
    subject: `Votre document signé est accepté — ${ref}`,
    title: 'Votre document signé est accepté',
    paragraphs: [
      `Le CFA a vérifié le scan signé que vous avez envoyé pour le ${ref} et l'a accepté : votre signature sur papier est prise en compte.`,
      "Vous n'avez plus rien à faire. Quand tout le monde aura signé, vous recevrez le contrat signé.",
    ],
    action: { ask: 'Suivez les signatures avec ce lien personnel :', label: 'Ouvrir les documents', link },
  });
}

/** The contract is signed by everyone and sealed: where the receiver downloads it. */
export function renderContractSigned(
  lang: Language,
  { dossierId, who, link }: { dossierId: number; who: string; link: MailLink },
): MailContent {
  const ref = caseRef(lang, dossierId, who);
  if (lang === 'en-US')
    return renderNotice(lang, {
      subject: `Contract signed — ${ref}`,
      title: 'The contract is signed',
      paragraphs: [
        `Every party has signed the contract documents of ${ref}, and the CFA has sealed them.`,
        'The signed contract, with its certificate of completion, is ready to download. Keep a copy.',
      ],
      action: { ask: 'Download it with this personal link:', label: 'Download the signed contract', link },
    });
  return renderNotice(lang, {
    subject: `Contrat signé — ${ref}`,
    title: 'Le contrat est signé',
    paragraphs: [
      `Toutes les parties ont signé les documents du contrat du ${ref}, et le CFA les a scellés.`,
      'Le contrat signé, avec son certificat de signature, est prêt à être téléchargé. Gardez-en une copie.',
    ],
    action: { ask: 'Téléchargez-le avec ce lien personnel :', label: 'Télécharger le contrat signé', link },
  });
}

const signerRoleNames: Record<SignerRole, Record<Language, string>> = {
  employer: { 'fr-FR': "le signataire de l'employeur", 'en-US': "the employer's signatory" },
  apprentice: { 'fr-FR': "l'apprenti(e)", 'en-US': 'the apprentice' },
  legal_representative: {
    'fr-FR': "le représentant légal de l'apprenti(e)",
    'en-US': "the apprentice's legal representative",
  },
  school: { 'fr-FR': 'le CFA', 'en-US': 'the CFA' },
};

export interface SignatureRefusedVars {
  dossierId: number;
  who: string;
  role: SignerRole;
  reason: string;
  /** The case's page in the back office (no token: staff sign in). */
  url: string;
}

/** To the school: a signer refused the contract documents, with their reason; the contract is to prepare again. */
export function renderSignatureRefused(
  lang: Language,
  { dossierId, who, role, reason, url }: SignatureRefusedVars,
): MailContent {
  const ref = caseRef(lang, dossierId, who);
  const signer = signerRoleNames[role][lang === 'en-US' ? 'en-US' : 'fr-FR'];
  if (lang === 'en-US')
    return renderNotice(lang, {
      subject: `Signature refused — ${ref}`,
      title: 'Signature refused',
      paragraphs: [`The contract documents of ${ref} were refused by ${signer}. The signing procedure has stopped.`],
      quote: { attribution: `${signer[0]?.toUpperCase()}${signer.slice(1)} wrote:`, label: 'Reason:', value: reason },
      after: [
        'Correct what is needed, then prepare the contract again: a new procedure starts.',
        `The case in the back office: ${url}`,
      ],
    });
  return renderNotice(lang, {
    subject: `Signature refusée — ${ref}`,
    title: 'Signature refusée',
    paragraphs: [
      `Les documents du contrat du ${ref} ont été refusés par ${signer}. La procédure de signature est arrêtée.`,
    ],
    quote: { attribution: `${signer[0]?.toUpperCase()}${signer.slice(1)} a écrit :`, label: 'Motif :', value: reason },
    after: [
      'Corrigez ce qui doit l’être, puis préparez de nouveau le contrat : une nouvelle procédure commence.',
      `Le dossier dans l'espace de gestion : ${url}`,
    ],
  });
}

export interface SealFailedVars {
  dossierId: number;
  who: string;
  /** Whose scan was refused; null: another PDF of the procedure. */
  role: SignerRole | null;
  reason: PdfRefusal;
  /** The case's page in the back office (no token: staff sign in). */
  url: string;
}

const sealRefusals: Record<PdfRefusal, Record<Language, string>> = {
  damaged: { 'fr-FR': 'il est endommagé et ne peut pas être lu', 'en-US': 'it is damaged and cannot be read' },
  too_complex: {
    'fr-FR': "il est trop lourd à lire (trop d'éléments ou de données compressées)",
    'en-US': 'it is too heavy to read (too many parts or too much compressed data)',
  },
  too_many_pages: { 'fr-FR': 'il compte trop de pages', 'en-US': 'it has too many pages' },
};

/**
 * To the school: every signer signed, but the contract could not be sealed, a PDF of the procedure (a signer's scan)
 * having been refused by its bounded read (issue 27); the contract is to prepare again. Only this case is stopped.
 */
export function renderSealFailed(lang: Language, { dossierId, who, role, reason, url }: SealFailedVars): MailContent {
  const ref = caseRef(lang, dossierId, who);
  const language = lang === 'en-US' ? 'en-US' : 'fr-FR';
  const why = sealRefusals[reason][language];
  if (lang === 'en-US')
    return renderNotice(lang, {
      subject: `Contract not sealed — ${ref}`,
      title: 'The signed contract could not be sealed',
      paragraphs: [
        `Every signer has signed the contract documents of ${ref}, but the signed PDF could not be made: ${
          role ? `the scan sent for ${signerRoleNames[role][language]}` : 'a PDF of the procedure'
        } was refused, as ${why}. The portal will not try again; no other case is affected.`,
      ],
      after: [
        'Prepare the contract again: a new procedure starts and every signer signs again (on paper, ask for a scan saved again as a PDF).',
        `The case in the back office: ${url}`,
      ],
    });
  return renderNotice(lang, {
    subject: `Contrat non scellé — ${ref}`,
    title: 'Le contrat signé n’a pas pu être scellé',
    paragraphs: [
      `Tous les signataires ont signé les documents du contrat du ${ref}, mais le PDF signé n’a pas pu être fabriqué : ${
        role ? `le scan déposé pour ${signerRoleNames[role][language]}` : 'un PDF de la procédure'
      } a été refusé, car ${why}. Le portail ne réessaiera pas ; aucun autre dossier n’est touché.`,
    ],
    after: [
      'Préparez de nouveau le contrat : une nouvelle procédure commence et chaque signataire signe de nouveau (sur papier, demandez un scan enregistré de nouveau au format PDF).',
      `Le dossier dans l'espace de gestion : ${url}`,
    ],
  });
}
