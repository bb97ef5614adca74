import { stepStatus, stepTypes, type Dossier } from '@passerelle/contract';
import type { DemoSteps } from './stages.ts';

/**
 * The demo accounts' labels, in French and English, written from the state of their dossiers: the CLI derives them
 * from the demo's stages, and the demo test derives them again from the loaded database and compares.
 */

export interface LabelledDossier {
  company: string | null;
  statut: number;
  steps: DemoSteps;
  hasAddendum: boolean;
}

interface Phrase {
  fr: string;
  en: string;
}

const etapesOf = (steps: DemoSteps): Dossier['etapeStatus'] =>
  stepTypes.flatMap((type) => (steps[type] === undefined ? [] : [{ type, status: steps[type] }]));
const isToDo = (status: number | undefined) => status === 1 || status === 5;

function contractPhase(steps: DemoSteps): Phrase {
  const etapes = etapesOf(steps);
  const status = (type: Parameters<typeof stepStatus>[1]) => stepStatus(etapes, type);
  // The employer's signatory signs first, then the applicant (signature-flow): after the first, the applicant's turn.
  if (status('signature_employeur') === 3 && isToDo(status('signature_admissible')))
    return { fr: 'contrat à signer', en: 'contract to sign' };
  if (status('signature_ecole') !== undefined) return { fr: 'contrat en cours de signature', en: 'contract being signed' };
  if (status('cfa') !== undefined) return { fr: 'contrat en préparation par le CFA', en: 'contract being prepared by the CFA' };
  if (isToDo(status('fra')))
    return status('fre') === 2
      ? { fr: 'fiche de renseignements à remplir, partie employeur envoyée', en: 'information sheet to fill in, employer’s part sent' }
      : { fr: 'fiche de renseignements à remplir', en: 'information sheet to fill in' };
  return { fr: 'fiche de renseignements envoyée, attente de l’employeur', en: 'information sheet sent, waiting for the employer' };
}

/** What a dossier's applicant sees it at, from its status (SPEC 4) and, at 1 and 7, its steps. */
export function dossierPhrase(dossier: LabelledDossier): Phrase {
  switch (dossier.statut) {
    case 1:
      return dossier.steps.f1ca === 5
        ? { fr: 'fiche premier contact à reprendre', en: 'first-contact sheet sent back' }
        : { fr: 'fiche premier contact à remplir', en: 'first-contact sheet to fill in' };
    case 2:
      return { fr: 'attente de la fiche premier contact de l’employeur', en: 'waiting for the employer’s first contact' };
    case 3:
      return { fr: 'premiers contacts examinés par l’école', en: 'first contacts under the school’s review' };
    case 4:
      return { fr: 'modalités en cours au service relations entreprises', en: 'terms being set' };
    case 5:
      return { fr: 'financement à valider par l’employeur', en: 'funding awaiting the employer' };
    case 6:
      return { fr: 'dossier refusé', en: 'refused case' };
    case 7:
      return contractPhase(dossier.steps);
    case 8:
      return { fr: 'contrat signé', en: 'signed contract' };
    case 9:
      return { fr: 'dossier archivé', en: 'archived case' };
    case 10:
    case 11:
      return dossier.hasAddendum
        ? { fr: 'contrat accepté avec avenant', en: 'accepted contract with an addendum' }
        : { fr: 'contrat accepté', en: 'accepted contract' };
    case 12:
      return { fr: 'rupture en cours', en: 'contract being terminated' };
    case 13:
      return { fr: 'contrat rompu', en: 'broken contract' };
    default:
      throw new RangeError(`Unknown dossier status ${dossier.statut}`);
  }
}

export function applicantLabel(school: string, englishSpeaker: boolean, dossiers: readonly LabelledDossier[]): string {
  const who = `Admissible ${school}${englishSpeaker ? ' anglophone' : ''}`;
  if (dossiers.length === 0)
    return `${who} — aucun dossier, suivi de recherche et atelier / ${englishSpeaker ? 'English speaker, ' : ''}no case yet, search tracking and a workshop`;
  const fr = dossiers.map((d) => `${d.company ?? 'nouveau dossier'} : ${dossierPhrase(d).fr} (statut ${d.statut})`);
  const en = dossiers.map((d) => `${d.company ?? 'new case'}: ${dossierPhrase(d).en}`);
  return `${who} — ${fr.join(' ; ')} / ${englishSpeaker ? 'English speaker; ' : ''}${en.join('; ')}`;
}

/** Closed statuses (docs/decisions/0004): no sheet opens on them. */
const closed: ReadonlySet<number> = new Set([6, 8, 9, 10, 11, 12, 13]);

/** The employer's cases and what waits for it: first contacts, information sheets, fundings, missions (SPEC 4). */
export function employerLabel(company: string, dossiers: readonly LabelledDossier[]): string {
  const open = dossiers.filter((d) => !closed.has(d.statut));
  const count = (test: (d: LabelledDossier) => boolean) => open.filter(test).length;
  const todo = [
    { n: count((d) => isToDo(d.steps.f1ce) && d.statut >= 2), fr: 'premier contact à remplir', en: 'first contact to answer' },
    { n: count((d) => isToDo(d.steps.fre)), fr: 'fiche de renseignements à remplir', en: 'information sheet to fill in' },
    { n: count((d) => d.statut === 5), fr: 'financement à valider', en: 'funding to validate' },
    { n: count((d) => (d.steps.f1ce === 2 || d.steps.f1ce === 3) && d.steps.cfa !== 3), fr: 'missions à préciser', en: 'missions to clarify' },
    { n: count((d) => d.statut === 7 && d.steps.cfa === 3), fr: 'contrat(s) en signature', en: 'contract(s) being signed' },
  ].filter((item) => item.n > 0);
  const fr = todo.map((item) => `${item.n} ${item.fr}`).join(', ');
  const en = todo.map((item) => `${item.n} ${item.en}`).join(', ');
  return `Employeur ${company} — ${dossiers.length} dossiers : ${fr} / ${dossiers.length} cases: ${en}`;
}
