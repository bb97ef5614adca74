import type { Language } from '@passerelle/contract';
import { htmlLayout, mailTextFooter, paragraph, type MailContent } from '../mail/mail.service.ts';

export interface WorkshopCancelledVars {
  prenom: string;
  title: string;
  /** ISO day and HH:MM hours. */
  date: string;
  startHour: string;
  endHour: string;
}

function longDate(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(lang, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** The mail a registrant receives when staff delete the workshop they registered to, in their language. */
export function renderWorkshopCancelled(lang: Language, vars: WorkshopCancelledVars): MailContent {
  const en = lang === 'en-US';
  const greeting = en
    ? vars.prenom
      ? `Hello ${vars.prenom},`
      : 'Hello,'
    : vars.prenom
      ? `Bonjour ${vars.prenom},`
      : 'Bonjour,';
  const when = en
    ? `${longDate(vars.date, lang)}, ${vars.startHour} to ${vars.endHour}`
    : `${longDate(vars.date, lang)}, de ${vars.startHour.replace(':', ' h ')} à ${vars.endHour.replace(':', ' h ')}`;
  const cancelled = en
    ? `The workshop “${vars.title}” of ${when}, which you had registered for, is cancelled.`
    : `L’atelier « ${vars.title} » du ${when}, auquel vous étiez inscrit(e), est annulé.`;
  const next = en
    ? 'Your registration is removed: you can register for another workshop from your Passerelle space.'
    : 'Votre inscription est supprimée : vous pouvez vous inscrire à un autre atelier depuis votre espace Passerelle.';
  const subject = en ? `Workshop cancelled: ${vars.title}` : `Atelier annulé : ${vars.title}`;
  return {
    subject,
    text: [greeting, '', cancelled, next].join('\n') + mailTextFooter(lang),
    html: htmlLayout(lang, en ? 'Workshop cancelled' : 'Atelier annulé', [
      paragraph(greeting),
      paragraph(cancelled),
      paragraph(next),
    ]),
  };
}
