import {
  DOSSIER_STATUS,
  todayIso,
  type DossierTerms,
  type FundingValidationBody,
  type FundingValidationResponse,
} from '@passerelle/contract';
import { readTogether, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { createLoginLink } from '../auth/auth.service.ts';
import { contractOutlook, mergeSentSheets } from '../documents/documents.service.ts';
import { transition, withDossier, type DossierView } from '../dossiers/dossiers.service.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { notifyInformationSheetDue } from '../notifications/notifications.service.ts';
import { mailLanguageOf } from '../users/users.service.ts';
import { renderFundingTermsReady } from './sheet-mails.ts';
import * as repo from './sheets.repo.ts';
import { getDossierHeading, getSheetFormation, viewOf, type SheetsDeps } from './sheets.service.ts';

/**
 * The funding validation (SPEC 5): the school records the contract's terms (staff module), the employer's people are
 * mailed a link, and the employer accepts, denies or stalls the funding on those terms.
 */
/**
 * Once the terms are recorded (the dossier reaches the funding validation), each user of the dossier's company gets a
 * mail with a personal link to it: the funding page promises that mail while the terms are missing. For the staff
 * module, in the transaction that records the terms.
 */
export async function mailFundingTermsReady(
  tx: Tx,
  config: SheetsDeps['config'],
  dossier: repo.DossierRow,
): Promise<void> {
  const { companyId } = dossier;
  if (companyId === null) return;
  const [members, account] = await readTogether(tx, [
    () => repo.findCompanyMembers(tx, companyId),
    () => repo.findUserNames(tx, dossier.admissibleUserId),
  ]);
  for (const member of members) {
    // The web app signs in with `t` wherever the link lands and then stays on that page.
    const url = new URL(await createLoginLink(tx, config, member.id));
    url.pathname = `/employeur/validation-financement/${dossier.id}`;
    const mail = renderFundingTermsReady(mailLanguageOf(member), {
      applicantAccountName: `${account?.prenom ?? ''} ${account?.nom ?? ''}`.trim(),
      dossierId: dossier.id,
      url: url.toString(),
      validitySeconds: config.LOGIN_LINK_TTL,
    });
    await enqueueMail(tx, { to: member.email, ...mail }, config);
  }
}

// ---------- Funding validation ----------

type FundingResponse = FundingValidationResponse;

export async function getFundingValidation(
  deps: SheetsDeps,
  user: AuthUser,
  dossierId: number,
): Promise<FundingResponse> {
  return withDossier(deps.db, user, dossierId, { access: 'company' }, (dossier) => readFunding(deps, dossier));
}

async function readFunding(deps: SheetsDeps, { row: dossier, state }: DossierView): Promise<FundingResponse> {
  const [terms, latest, formation, heading, sheets] = await readTogether(deps.db, [
    () => repo.findTerms(deps.db, dossier.id),
    () => repo.findLatestFunding(deps.db, dossier.id),
    () => getSheetFormation(deps.db, dossier),
    () => getDossierHeading(deps.db, dossier),
    () => repo.findSheets(deps.db, dossier.id),
  ]);
  const recorded = terms ? (terms.data as DossierTerms) : null;
  // The 2025 funding rules of the contract these terms are for, judged at its conclusion date (today's before).
  const sent = Object.fromEntries(
    sheets.flatMap((row) =>
      row.status === 'submitted' && typeof row.data === 'object' && row.data !== null && !Array.isArray(row.data)
        ? [[row.kind, { status: 'submitted' as const, data: row.data as Record<string, unknown> }]]
        : [],
    ),
  );
  const { funding } = contractOutlook(mergeSentSheets(sent), formation, recorded, todayIso('Europe/Paris'));
  return {
    terms: recorded,
    decision: (latest?.decision as FundingResponse['decision']) ?? null,
    reason: latest?.reason ?? null,
    decidedAt: latest?.decidedAt.toISOString() ?? null,
    // An employer decides on terms it can read: none before the school has recorded them.
    canDecide: terms !== undefined && transition(state, { type: 'fundingDecided', decision: 'stalled' }).ok,
    formation,
    dossier: heading,
    fundingRules: funding,
  };
}

/** POST: accepted opens the information sheet; denied (with its reason) refuses the dossier; stalled waits. */
export async function decideFunding(
  deps: SheetsDeps,
  user: AuthUser,
  dossierId: number,
  body: FundingValidationBody,
): Promise<FundingResponse> {
  const view = await withDossier(deps.db, user, dossierId, { access: 'company', lock: true }, async (dossier, tx) => {
    // Read under the dossier's lock. On its way to the funding validation, a dossier without terms has nothing to
    // decide on yet; any other refusal (archived, closed, decided) is the state machine's.
    const { statut } = dossier.state;
    const isAwaitingFunding = statut === DOSSIER_STATUS.TERMS || statut === DOSSIER_STATUS.FUNDING;
    if (isAwaitingFunding && !(await repo.findTerms(tx, dossierId))) throw new AppError('FUNDING_TERMS_MISSING');
    await dossier.apply(
      { type: 'fundingDecided', decision: body.decision },
      body.reason ? { reason: body.reason } : {},
    );
    if (body.decision === 'accepted') await notifyInformationSheetDue(tx, deps.config, dossier.row);
    await repo.insertFunding(tx, {
      dossierId,
      decision: body.decision,
      reason: body.reason ?? null,
      decidedBy: user.id,
    });
    return viewOf(dossier);
  });
  return readFunding(deps, view);
}
