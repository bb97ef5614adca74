import type { SignerRole } from '@passerelle/contract';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { PdfRefusedError, type PdfRefusal } from '../../lib/pdf-guard.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { withDossier } from '../dossiers/dossiers.service.ts';
import { discardFileBytes, getFile, insertFileRow, putFileBytes, readFileBytes } from '../files/files.service.ts';
import { notifyContractSigned, notifySealFailed } from '../notifications/notifications.service.ts';
import { sendSurveyInvitations } from '../survey/survey.service.ts';
import {
  appendSignatureEvent,
  chainHead,
  listSignatureEvents,
  renderCompletionCertificate,
  sealSignedContract,
  type CompletionEvidence,
  type CompletionRead,
  type JsonValue,
  type SignatureEvent,
} from '../signing/signing.service.ts';
import { CONSENT, consentOf, textOf, type FlowDeps, type ProcedureRow, type SignerRow } from './procedure.ts';
import * as repo from './signature-flow.repo.ts';

// ---------- The sealed result and the certificate of completion ----------

async function evidenceOf(db: Db | Tx, procedure: ProcedureRow, signers: SignerRow[], at: Date): Promise<CompletionEvidence> {
  const documents = await repo.findProcedureDocuments(db, procedure.id);
  const head = await chainHead(db, procedure.dossierId);
  const people = await repo.findUserRows(
    db,
    [procedure.startedBy, ...signers.map((signer) => signer.signedByUserId)].filter((id): id is number => id !== null),
  );
  const nameOf = (id: number | null) => {
    const person = people.find((row) => row.id === id);
    return person ? `${person.prenom} ${person.nom}`.trim() || person.email : null;
  };
  const method = (procedure.method as 'online' | 'manual' | null) ?? 'online';
  const factsOf = await chainFactsOf(db, procedure);
  return {
    procedureId: procedure.id,
    dossierId: procedure.dossierId,
    method,
    createdAt: procedure.createdAt,
    sentAt: procedure.sentAt,
    expiresAt: procedure.expiresAt,
    startedBy: nameOf(procedure.startedBy),
    documents: documents.map((doc) => ({
      name: doc.name,
      kind: doc.kind,
      version: doc.version,
      edition: doc.edition,
      pages: doc.pages,
      sha256: doc.sha256,
    })),
    signers: signers.map((signer) => {
      const signerMethod = (signer.method as 'online' | 'manual' | null) ?? method;
      return {
        role: signer.role as SignerRole,
        name: signer.name,
        email: signer.email,
        status: signer.status === 'signed' ? 'signed' : signer.status === 'refused' ? 'refused' : 'pending',
        method: signerMethod,
        at: signer.signedAt ?? signer.refusedAt,
        ip: signer.ip,
        userAgent: signer.userAgent,
        codeAttempts: signerMethod === 'online' && signer.status === 'signed' ? signer.codeAttempts : null,
        manual:
          signerMethod === 'manual' && signer.status === 'signed' && signer.scanSha256 && signer.scanUploadedAt && signer.signedAt
            ? {
                scanSha256: signer.scanSha256,
                uploadedAt: signer.scanUploadedAt,
                confirmedBy: nameOf(signer.signedByUserId) ?? 'CFA',
                confirmedAt: signer.signedAt,
              }
            : null,
        signedBy: signer.role === 'school' ? nameOf(signer.signedByUserId) : null,
        refusalReason: signer.refusalReason,
        ...factsOf(signer),
      };
    }),
    consent: { ...consentOf('fr-FR'), text: CONSENT.texts['fr-FR'] },
    chain: { headHash: head.hash, events: head.count },
    generatedAt: at,
  };
}

/**
 * The document versions a signer read in the portal, from the chain's `document.viewed` and `document.downloaded`
 * events (the school's: those of the staff member who signed, once one did), in the order first read.
 */
function readsOf(events: SignatureEvent[], signer: SignerRow): CompletionRead[] {
  const reads = new Map<string, CompletionRead>();
  for (const { type, payload, at } of events) {
    if (type !== 'document.viewed' && type !== 'document.downloaded') continue;
    if (payload['role'] !== signer.role) continue;
    if (signer.role === 'school' && signer.signedByUserId !== null && payload['userId'] !== signer.signedByUserId) continue;
    const sha256 = textOf(payload['sha256']);
    const kind = textOf(payload['kind']);
    const version = payload['version'];
    if (!sha256 || !kind || typeof version !== 'number') continue;
    const read = reads.get(sha256) ?? { kind, version, sha256, viewed: 0, downloaded: 0, lastAt: at };
    if (type === 'document.viewed') read.viewed += 1;
    else read.downloaded += 1;
    read.lastAt = at;
    reads.set(sha256, read);
  }
  return [...reads.values()];
}

/**
 * What the evidence chain says of each signer (SIGNING.md 3 and 4): the SMTP Message-IDs of their mails — the latest
 * personal link sent to the address they signed with (the school: the staff member who signed, of the links every staff
 * member got) and the latest one-time code —, the consent they gave, and the document versions they read.
 */
async function chainFactsOf(db: Db | Tx, procedure: ProcedureRow) {
  const events = (await listSignatureEvents(db, procedure.dossierId)).filter((event) => event.procedureId === procedure.id);
  return (signer: SignerRow) => {
    let linkMessageId: string | null = null;
    let codeMessageId: string | null = null;
    let consent: { version: string; sha256: string } | null = null;
    for (const { type, payload } of events) {
      if (payload['role'] !== signer.role) continue;
      const given = payload['consent'];
      if (type === 'signer.signed' && given && typeof given === 'object' && !Array.isArray(given)) {
        const version = textOf(given['version']);
        const sha256 = textOf(given['sha256']);
        const lang = textOf(given['lang']);
        if (version && sha256) consent = { version: lang ? `${version} (${lang})` : version, sha256 };
      }
      if (type === 'code.sent') codeMessageId = textOf(payload['messageId']) ?? codeMessageId;
      if ((type === 'signer.notified' || type === 'signer.reminded') && Array.isArray(payload['mails'])) {
        const mails = payload['mails'].filter((mail): mail is { [key: string]: JsonValue } => typeof mail === 'object' && mail !== null && !Array.isArray(mail));
        const mine = mails.find((mail) => mail['to'] === signer.email) ?? (signer.role === 'school' ? undefined : mails[0]);
        linkMessageId = textOf(mine?.['messageId']) ?? linkMessageId;
      }
    }
    return { linkMessageId, codeMessageId, consent, reads: readsOf(events, signer) };
  };
}

/** What finalizeProcedure did: sealed the contract, found it refused (recorded for staff), or found nothing to do. */
export type FinalizeOutcome = 'sealed' | 'refused' | 'skipped';

/**
 * Every signer signed: the documents (then the paper scans of a manual procedure) merged, the certificate of completion
 * appended, the whole sealed with the school's certificate, on a worker thread that reads each PDF within bounds
 * (signing's sealSignedContract); stored as the dossier's signed contract (`cerfa_file_id`, which the applicant's cases
 * and the employer's home download). Run by the seal job queued with the last signature (runSealJob, in whichever
 * process takes it), and by the sweep should that fail for good; storing it twice is prevented under the procedure's
 * lock. A PDF refused by its bounded read (a scan stored before uploads were read so) fails this case alone: recorded for
 * staff (recordSealRefused), never thrown.
 */
export async function finalizeProcedure(deps: FlowDeps, dossierId: number): Promise<FinalizeOutcome> {
  const procedure = await repo.findLatestProcedure(deps.db, dossierId);
  if (!procedure || procedure.state !== 'pending' || procedure.resultFileId) return 'skipped';
  const signers = await repo.findSigners(deps.db, procedure.id);
  if (!signers.every((signer) => signer.status === 'signed')) return 'skipped';
  const documents = await repo.findProcedureDocuments(deps.db, procedure.id);
  const parts: { bytes: Uint8Array; role: SignerRole | null }[] = [];
  for (const doc of documents)
    parts.push({ bytes: await readFileBytes(deps.storage, await getFile(deps.db, doc.fileId)), role: null });
  for (const signer of signers)
    if (signer.scanFileId)
      parts.push({
        bytes: await readFileBytes(deps.storage, await getFile(deps.db, signer.scanFileId)),
        role: signer.role as SignerRole,
      });
  const at = new Date();
  const evidence = await evidenceOf(deps.db, procedure, signers, at);
  let sealed;
  try {
    sealed = await sealSignedContract(
      parts.map((part) => part.bytes),
      evidence,
      await deps.seal.get(),
    );
  } catch (err) {
    if (!(err instanceof PdfRefusedError)) throw err;
    const role = err.part === undefined ? null : (parts[err.part]?.role ?? null);
    await recordSealRefused(deps, procedure, { reason: err.reason, role }, at);
    return 'refused';
  }
  const { bytes, sha256 } = sealed;
  const prepared = await putFileBytes(deps.storage, {
    ownerUserId: null,
    kind: 'cerfa',
    filename: `contrat-signe-dossier-${dossierId}.pdf`,
    contentType: 'application/pdf',
    bytes,
  });
  const stored = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockProcedure(tx, procedure.id);
    if (!locked || locked.state !== 'pending' || locked.resultFileId) return false;
    const file = await insertFileRow(tx, prepared);
    await repo.updateProcedure(tx, procedure.id, {
      state: 'completed',
      endedAt: at,
      resultFileId: file.id,
      resultSha256: sha256,
      chainHeadHash: evidence.chain.headHash,
    });
    await repo.setDossierCerfa(tx, dossierId, file.id);
    await appendSignatureEvent(tx, {
      dossierId,
      procedureId: procedure.id,
      type: 'procedure.completed',
      payload: { resultSha256: sha256, fileId: file.id, certifiedChainHead: evidence.chain.headHash, certifiedEvents: evidence.chain.events },
      at,
    });
    // Every party learns the contract is signed, with where to download it: queued with the result, or not at all.
    // Then, and only then, the closing survey's invitation (issue 29: it came before "contract signed").
    const parties = await repo.findDossierParties(tx, dossierId);
    if (parties) {
      await notifyContractSigned(
        tx,
        deps.config,
        parties,
        signers.map((signer) => signer.userId).filter((id): id is number => id !== null),
      );
      await sendSurveyInvitations(tx, deps.config, parties);
    }
    return true;
  });
  if (!stored) await discardFileBytes(deps.storage, [prepared.storageKey]);
  return stored ? 'sealed' : 'skipped';
}

/**
 * The seal refused: an event in the evidence chain (its reason, whose scan) and a mail to the school's contact address,
 * in one transaction, once per procedure (under its lock). Staff read it on the case page (staffSignatureOf); the sweep
 * passes the procedure by (findUnfinalized), the same bytes being refused again; preparing the contract again ends it.
 */
async function recordSealRefused(
  deps: FlowDeps,
  procedure: ProcedureRow,
  failure: { reason: PdfRefusal; role: SignerRole | null },
  at: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockProcedure(tx, procedure.id);
    if (!locked || locked.state !== 'pending' || locked.resultFileId) return;
    if (await repo.hasSealFailed(tx, procedure)) return;
    await appendSignatureEvent(tx, {
      dossierId: procedure.dossierId,
      procedureId: procedure.id,
      type: repo.SEAL_FAILED_EVENT,
      payload: { reason: failure.reason, role: failure.role, atMs: at.getTime() },
      at,
    });
    const parties = await repo.findDossierParties(tx, procedure.dossierId);
    if (parties) await notifySealFailed(tx, deps.config, parties, failure);
  });
}

/** The seal job (SEAL_JOB, queued by procedure.ts `advance`; modules/jobs runs it): its payload names the case. */
export async function runSealJob(deps: FlowDeps, payload: Record<string, unknown>): Promise<void> {
  const dossierId = payload['dossierId'];
  if (typeof dossierId !== 'number') throw new Error('seal job without its case');
  await finalizeProcedure(deps, dossierId);
}

/** GET /staff/dossiers/:id/evidence: the certificate of completion of the case's latest procedure, as of now. */
export async function evidencePdf(deps: FlowDeps, user: AuthUser, dossierId: number): Promise<Uint8Array> {
  const procedure = await withDossier(deps.db, user, dossierId, { access: 'staff' }, async (_dossier, db) =>
    repo.findLatestProcedure(db, dossierId),
  );
  if (!procedure) throw notFound('No signature procedure for this case');
  const signers = await repo.findSigners(deps.db, procedure.id);
  const certificate = await deps.seal.get();
  return renderCompletionCertificate({
    ...(await evidenceOf(deps.db, procedure, signers, new Date())),
    seal: { subject: certificate.subject, fingerprintSha256: certificate.fingerprintSha256 },
  });
}

/** File access rule: the sealed result is read by the signers of its procedure (staff read every file already). */
export async function canReadSignedResult(db: Db, user: AuthUser, fileId: string): Promise<boolean> {
  return repo.isSignerOfResult(db, user.id, fileId);
}
