import type { Language, SurveyStep } from '@passerelle/contract';
import {
  button,
  formatDuration,
  htmlLayout,
  mailTextFooter,
  paragraph,
  type MailContent,
} from '../mail/mail.service.ts';

/** The survey invitation (issue 11, "Survey"), in French and in English, with the receiver's personal link. */
export interface SurveyInvitationVars {
  /** The step asked about: the signed contract, the onboarding, the end of the contract. */
  etape: SurveyStep;
  dossierId: number;
  /** The applicant's account name, for a company's people; empty for the applicant. */
  who: string;
  link: { url: string; validitySeconds: number };
}

/** What the mail says of the step, before the survey's link. */
function stepParagraphs(en: boolean, etape: SurveyStep, refWho: string): string[] {
  switch (etape) {
    case 'signature':
      return en
        ? [
            `The contract of ${refWho} is signed. Thank you!`,
            'Would you tell us how the way to this contract went? The survey has three short pages; your answers are saved as you go, and help the school improve.',
          ]
        : [
            `Le contrat du ${refWho} est signé. Merci !`,
            "Pouvez-vous nous dire comment s'est passé le chemin jusqu'à ce contrat ? Le questionnaire tient en trois courtes pages ; vos réponses sont enregistrées au fur et à mesure et aident l'école à s'améliorer.",
          ];
    case 'integration':
      return en
        ? [
            `The apprenticeship of ${refWho} started a few weeks ago.`,
            'Would you tell us how the onboarding went? The survey has three short pages; your answers are saved as you go, and help the school improve.',
          ]
        : [
            `L'apprentissage du ${refWho} a commencé il y a quelques semaines.`,
            "Pouvez-vous nous dire comment s'est passée l'intégration ? Le questionnaire tient en trois courtes pages ; vos réponses sont enregistrées au fur et à mesure et aident l'école à s'améliorer.",
          ];
    case 'fin_contrat':
      return en
        ? [
            `The contract of ${refWho} comes to its end.`,
            'Would you tell us how these months went? The survey has three short pages; your answers are saved as you go, and help the school improve.',
          ]
        : [
            `Le contrat du ${refWho} arrive à son terme.`,
            "Pouvez-vous nous dire comment se sont passés ces mois ? Le questionnaire tient en trois courtes pages ; vos réponses sont enregistrées au fur et à mesure et aident l'école à s'améliorer.",
          ];
  }
}

export function renderSurveyInvitation(
  lang: Language,
  { etape, dossierId, who, link }: SurveyInvitationVars,
): MailContent {
  const en = lang === 'en-US';
  const ref = en ? `case no. ${dossierId}` : `dossier n° ${dossierId}`;
  const refWho = who ? `${ref} (${who})` : ref;
  const greeting = en ? 'Hello,' : 'Bonjour,';
  const subject = en
    ? `Three minutes to tell us how it went — ${refWho}`
    : `Trois minutes pour nous dire comment cela s'est passé — ${refWho}`;
  const title = en ? 'How did it go?' : "Comment cela s'est-il passé ?";
  const paragraphs = stepParagraphs(en, etape, refWho);
  const ask = en ? 'Open the survey with this personal link:' : 'Ouvrez le questionnaire avec ce lien personnel :';
  const label = en ? 'Answer the survey' : 'Répondre au questionnaire';
  const validity = en
    ? `This link is valid for ${formatDuration(link.validitySeconds, 'en-US')} and works only once; you can then ask for a new link from the sign-in page.`
    : `Ce lien est valable ${formatDuration(link.validitySeconds, 'fr-FR')} et ne sert qu'une fois ; vous pourrez ensuite demander un nouveau lien depuis la page de connexion.`;
  const copy = en
    ? 'If the button does not work, copy this address into your browser:'
    : 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :';
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), ask, link.url, '', validity];
  return {
    subject,
    text: text.join('\n') + mailTextFooter(lang),
    html: htmlLayout(lang, title, [
      paragraph(greeting),
      ...paragraphs.map(paragraph),
      paragraph(ask),
      button(link.url, label),
      paragraph(`${copy} ${link.url}`),
      paragraph(validity),
    ]),
  };
}
