import { isMinorWhenSigning, todayIso, type ContractPreparedBody, type SignerRole } from '@passerelle/contract';

/** How staff asked: the first preparation, or preparing again with the reason the signatures are cancelled for. */
export type Preparation = { again: false; body: ContractPreparedBody | undefined } | { again: true; reason: string; override: boolean };
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { answerOf } from '../../db/request-keys.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  buildContractDocuments,
  CerfaTemplateError,
  prepareDocumentFiles,
  storeDocumentVersions,
  type CfaIdentity,
} from '../documents/documents.service.ts';
import { transition, withDossier, type DossierRow, type DossierState } from '../dossiers/dossiers.service.ts';
import { discardFileBytes } from '../files/files.service.ts';
import { readContractSources } from '../sheets/sheets.service.ts';
import { cfaForContract, cfaIdentityFrom, environmentValues } from '../settings/settings.service.ts';
import { appendSignatureEvent } from '../signing/signing.service.ts';
import { findOrCreateUserByEmail, findUserByAddress } from '../users/users.service.ts';
import { DAY_MS, notifyTurn, type FlowDeps } from './procedure.ts';
import * as repo from './signature-flow.repo.ts';

// ---------- Preparing the contract (staff) ----------

/** The CFA's identity from the server's environment alone (CFA_*): the demo's load checks what it was started with. */
export function cfaIdentityOf(config: Config): CfaIdentity | undefined {
  return cfaIdentityFrom(environmentValues(config));
}

/** What staff can never override: the NIR and the previous contract's DECA number (SPEC 5, "required to sign"). */
const isNeverOverridable = (field: string) => field === 'apprenti.nir' || field.includes('numeroContratPrecedent');

type Data = Record<string, unknown>;
const obj = (value: unknown): Data => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');


interface NewSigner {
  role: SignerRole;
  userId: number | null;
  name: string;
  email: string;
}

/** The signers in order, from the sent sheets; the signatory and the legal representative get an account if needed. */
async function resolveSigners(tx: Tx, deps: FlowDeps, row: DossierRow, school: Omit<NewSigner, 'role' | 'userId'>): Promise<NewSigner[]> {
  const sources = await readContractSources(tx, deps.keys, row);
  const fre = obj(sources.sheets.fre?.data);
  const f1ce = obj(sources.sheets.f1ce?.data);
  const fra = obj(sources.sheets.fra?.data);
  const f1ca = obj(sources.sheets.f1ca?.data);
  const signatory = [obj(obj(fre['contacts'])['signataire']), obj(obj(f1ce['contacts'])['signataire'])].find(
    (person) => str(person['courriel']) !== '',
  );
  if (!signatory)
    throw new AppError('CONTRACT_INCOMPLETE', "The employer's signatory is not named", {
      'contacts.signataire.courriel': ['field.required'],
    });
  const signers: NewSigner[] = [];

  const signatoryEmail = str(signatory['courriel']).toLowerCase();
  const known = await findUserByAddress(tx, signatoryEmail);
  const signatoryUser =
    known ??
    (await findOrCreateUserByEmail(tx, {
      email: signatoryEmail,
      userType: 'company',
      prenom: str(signatory['prenom']),
      nom: str(signatory['nom']),
      lang: 'fr-FR',
    }));
  // Like the first-contact invitation: the signatory joins the company (the only company person who signs, SPEC 6).
  if (signatoryUser.userType === 'company' && row.companyId !== null)
    await repo.linkCompanyUser(tx, row.companyId, signatoryUser.id);
  signers.push({
    role: 'employer',
    userId: signatoryUser.id,
    name: `${str(signatory['prenom'])} ${str(signatory['nom'])}`.trim() || signatoryEmail,
    email: signatoryEmail,
  });

  const applicant = await repo.findUserRow(tx, row.admissibleUserId);
  if (!applicant) throw notFound('Applicant not found');
  signers.push({
    role: 'apprentice',
    userId: applicant.id,
    name: `${applicant.prenom} ${applicant.nom}`.trim() || applicant.email,
    email: applicant.email,
  });

  const apprenti = { ...obj(f1ca['apprenti']), ...obj(fra['apprenti']) };
  // A minor on the day of the signatures (the conclusion date still to come, else today) signs with a representative.
  const minor = isMinorWhenSigning(apprenti['dateNaissance'], str(obj(fre['contrat'])['dateConclusion']), todayIso('Europe/Paris'));
  if (minor && apprenti['apprentiMineurEmancipe'] !== true) {
    const representative = obj(fra['representantLegal']);
    const email = str(representative['courriel']).toLowerCase();
    if (!email)
      throw new AppError('CONTRACT_INCOMPLETE', 'The legal representative of a minor is not named', {
        'representantLegal.courriel': ['field.required'],
      });
    const user =
      (await findUserByAddress(tx, email)) ??
      (await findOrCreateUserByEmail(tx, {
        email,
        userType: 'parent',
        prenom: str(representative['prenom']),
        nom: str(representative['nom']),
        lang: 'fr-FR',
      }));
    signers.push({
      role: 'legal_representative',
      userId: user.id,
      name: `${str(representative['prenom'])} ${str(representative['nom'])}`.trim() || email,
      email,
    });
  }
  signers.push({ role: 'school', userId: null, ...school });
  return signers;
}

/**
 * POST /staff/dossiers/:id/contract-prepared: the documents are generated from the sent sheets and stored as new
 * versions, a pending procedure is superseded, a new one opens with its signers, and the first signer is mailed.
 * Refused (409 CONTRACT_INCOMPLETE, the missing fields in `errors`) while the annex lists anything, unless staff
 * override it with a reason; the NIR and DECA number never. With a request key (deps.once), the same request again (a
 * double click) is answered the first one's state: no second procedure, no second mail (issue 27).
 */
export async function prepareContract(
  deps: FlowDeps,
  user: AuthUser,
  dossierId: number,
  preparation: Preparation,
): Promise<DossierState> {
  const body = preparation.again ? { override: preparation.override || undefined, reason: preparation.reason } : preparation.body;
  const view = await withDossier(deps.db, user, dossierId, { access: 'staff' }, (dossier) => dossier);
  // Answered already: the documents are not drawn again. A request at the same time is answered under the lock below.
  const answered = deps.once ? await answerOf<DossierState>(deps.db, deps.once) : undefined;
  if (answered) return answered;
  const allowed = transition(view.state, { type: 'contractPrepared', again: preparation.again });
  if (!allowed.ok) throw new AppError(allowed.code, allowed.reason);

  // The settings an admin saved (the environment's while none are): refused in production without a real CFA.
  const cfa = await cfaForContract(deps.db, deps.config);
  const built = await buildContractDocuments(deps.db, deps.keys, dossierId, {
    templatesDir: deps.config.CERFA_TEMPLATES_DIR,
    templatePins: deps.config.CERFA_TEMPLATE_SHA256,
    cfa: cfa.identity,
    shortContractMonths: deps.config.SHORT_CONTRACT_MONTHS,
  }).catch((error: unknown) => {
    // The operator's official form does not fit its edition (or is not pinned): never filled, never drawn instead
    // (the OPCO reads the official form); what differs goes to staff and to the log, the form's field names only.
    if (error instanceof CerfaTemplateError) {
      deps.log?.error({ edition: error.edition, problems: error.problems }, 'CERFA template refused');
      throw new AppError('CERFA_TEMPLATE_INVALID', error.message, { cerfa: [...error.problems] });
    }
    throw error;
  });
  if (built.missing.length > 0) {
    const errors = Object.fromEntries(built.missing.map((entry) => [entry.field, [`${entry.label} : ${entry.message}`]]));
    const blocking = built.missing.filter((entry) => isNeverOverridable(entry.field));
    if (blocking.length > 0 || !body?.override)
      throw new AppError(
        'CONTRACT_INCOMPLETE',
        blocking.length > 0
          ? 'The NIR (and the DECA number where required) cannot be overridden'
          : 'The contract documents list missing information: complete it, or override with a reason',
        errors,
      );
  }

  const prepared = await prepareDocumentFiles(deps.storage, built.documents);
  const discard = () => discardFileBytes(deps.storage, prepared.map((doc) => doc.file.storageKey));
  let kept = false;
  try {
    const lock = { access: 'staff', lock: true, once: deps.once } as const;
    const state = await withDossier(deps.db, user, dossierId, lock, async (dossier, tx) => {
      const now = new Date();
      const { stored } = await storeDocumentVersions(tx, dossierId, prepared, user.id);
      kept = true;
      const override =
        built.missing.length > 0 ? { reason: body?.reason ?? '', missing: built.missing.map((entry) => entry.field) } : null;
      // Preparing again cancels what the pending procedure collected: who had signed (or sent a scan) is named in the
      // case history and the evidence, with staff's reason (issue 29).
      const pending = preparation.again ? await repo.findLatestProcedure(tx, dossierId) : undefined;
      const cancelled =
        pending?.state === 'pending'
          ? (await repo.findSigners(tx, pending.id))
              .filter((signer) => signer.status === 'signed' || signer.status === 'submitted')
              .map((signer) => ({ role: signer.role, status: signer.status }))
          : [];
      const again = preparation.again ? { reason: preparation.reason, cancelledSignatures: cancelled } : {};
      const next = await dossier.apply(
        { type: 'contractPrepared', again: preparation.again },
        {
          documents: stored.map((doc) => ({ id: doc.id, kind: doc.kind, version: doc.version })),
          ...(override ? { override } : {}),
          ...again,
        },
      );
      const ended = await repo.endPendingProcedure(tx, dossierId, 'superseded', now);
      if (ended)
        await appendSignatureEvent(tx, {
          dossierId,
          procedureId: ended.id,
          type: 'procedure.superseded',
          payload: { byUserId: user.id, reason: preparation.again ? preparation.reason : 'documents regenerated', ...(preparation.again ? { cancelledSignatures: cancelled } : {}) },
          at: now,
        });
      const signers = await resolveSigners(tx, deps, dossier.row, {
        name: cfa.identity?.denomination || 'CFA',
        email: cfa.contact.email,
      });
      const procedure = await repo.insertProcedure(tx, {
        dossierId,
        startedBy: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.config.SIGNATURE_EXPIRY_DAYS * DAY_MS),
      });
      await repo.insertProcedureDocuments(
        tx,
        stored.map((doc, position) => ({ procedureId: procedure.id, contractDocumentId: doc.id, sha256: doc.sha256, position })),
      );
      const rows = await repo.insertSigners(
        tx,
        signers.map((signer, index) => ({
          procedureId: procedure.id,
          role: signer.role,
          signOrder: index + 1,
          userId: signer.userId,
          name: signer.name,
          email: signer.email,
          notifiedAt: index === 0 ? now : null,
        })),
      );
      await appendSignatureEvent(tx, {
        dossierId,
        procedureId: procedure.id,
        type: 'procedure.created',
        payload: {
          startedByUserId: user.id,
          expiresAt: procedure.expiresAt?.toISOString() ?? null,
          documents: stored.map((doc) => ({
            id: doc.id,
            kind: doc.kind,
            version: doc.version,
            edition: doc.edition,
            pages: doc.pages,
            sha256: doc.sha256,
          })),
          signers: rows.map((row) => ({ role: row.role, order: row.signOrder, name: row.name, email: row.email })),
          ...(override ? { override } : {}),
        },
        at: now,
      });
      const first = rows[0];
      if (first) await notifyTurn(tx, deps, dossier.row, procedure, first, now);
      return next;
    });
    // Answered from a same request that committed while this one drew the documents: these are nobody's.
    if (!kept) await discard();
    return state;
  } catch (err) {
    await discard();
    throw err;
  }
}
