import {
  cmsSectionNames,
  uploadFields,
  uploadRules,
  wrongFileTypeMessage,
  type CmsInfo,
  type HeaderInfos,
  type Partner,
  type PortalInfos,
  type PublicFile,
  type UploadField,
} from '@passerelle/contract';
import { readTogether, type Db } from '../../db/client.ts';
import { AppError, notFound, validationError } from '../../lib/app-error.ts';
import { detectFileType, hasExtension, type DetectedFileType } from '../../lib/file-type.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import type { ReceivedForm } from '../../lib/multipart-file.ts';
import type { Storage } from '../../db/storage.ts';
import {
  deleteFileRows,
  discardFileBytes,
  fileUrl,
  insertFileRow,
  putFileBytes,
  safeFilename,
  type PreparedFile,
} from '../files/files.service.ts';
import type { UploadGuard } from '../../db/upload-guard.ts';
import { listWorkshopsForApplicant } from '../workshops/workshops.service.ts';
import * as repo from './portal.repo.ts';

type Lang = 'fr' | 'en';
type CmsSectionName = (typeof cmsSectionNames)[number];

// ---------- Content feed ----------

/** Writes a section of the content feed; its html is cleaned before it is stored. */
export async function saveCmsSection(
  db: Db,
  input: { section: CmsSectionName; lang: Lang; title: string; html: string },
): Promise<void> {
  await repo.upsertCmsSection(db, { ...input, html: sanitizeHtml(input.html) });
}

function pickSections(rows: repo.CmsSectionRow[], lang: Lang) {
  const other: Lang = lang === 'fr' ? 'en' : 'fr';
  const find = (name: CmsSectionName, l: Lang) => rows.find((r) => r.section === name && r.lang === l);
  const entries = cmsSectionNames.map((name) => {
    // A section written in one language only is better shown untranslated than missing.
    const row = find(name, lang) ?? find(name, other);
    return [name, row ? { title: row.title, text: sanitizeHtml(row.html) } : null] as const;
  });
  return Object.fromEntries(entries) as Record<CmsSectionName, { title: string; text: string } | null>;
}

async function getProfile(db: Db, userId: number) {
  const profile = await repo.findApplicantProfile(db, userId);
  // A valid token of a user deleted since: the session is over.
  if (!profile) throw new AppError('UNAUTHORIZED');
  return profile;
}

function toHeaderInfos(profile: NonNullable<Awaited<ReturnType<typeof repo.findApplicantProfile>>>): HeaderInfos {
  const contractType = profile.contractType === 'APP' || profile.contractType === 'PRO' ? profile.contractType : null;
  return {
    admLastName: profile.nom,
    admFirstName: profile.prenom,
    formationYear: profile.formationYear,
    formationLibelle: profile.formationLibelle,
    formationEtape: profile.formationEtape,
    contractType,
    school: profile.schoolCode,
    // The school's rules are data (issue 28: the back office's settings): the workshops card, the attestation's title.
    schoolRules: {
      holdsWorkshops: profile.schoolHoldsWorkshops === true,
      bacAttestationOrMore: profile.schoolBacOrMore === true,
    },
  };
}

export async function getCmsInfo(db: Db, userId: number, lang: Lang): Promise<CmsInfo> {
  const [rows, profile, currentDossierId, forum, ateliers] = await readTogether(db, [
    () => repo.findCmsSections(db),
    () => getProfile(db, userId),
    () => repo.findCurrentDossierId(db, userId),
    () => repo.findActiveForumInvitation(db),
    () => listWorkshopsForApplicant(db, userId),
  ]);
  return {
    ...pickSections(rows, lang),
    isDossierOngoing: currentDossierId !== null,
    currentDossierId,
    forumInvitation: profile.forumInvited === true ? forum : null,
    ateliers,
    headerInfos: toHeaderInfos(profile),
  };
}

// ---------- Portal infos and uploads ----------

export async function getPortalInfos(db: Db, userId: number): Promise<PortalInfos> {
  const [cvs, docs] = await readTogether(db, [
    () => repo.findFilesOfKind(db, userId, 'cv'),
    () => repo.findAdmissibleDocuments(db, userId),
  ]);
  return {
    documents: {
      cv: cvs.map((f) => ({ fileId: f.id, uploadDate: f.createdAt.toISOString(), fileUrl: fileUrl(f.id) })),
      cvec: {
        isValid: docs?.cvecValid ?? false,
        numCvec: docs?.cvecNumber ?? null,
        fileUrl: docs?.cvecFileId ? fileUrl(docs.cvecFileId) : null,
      },
      attestationBac: {
        isValid: docs?.attestationBacValid ?? false,
        fileUrl: docs?.attestationBacFileId ? fileUrl(docs.attestationBacFileId) : null,
      },
    },
  };
}

/** The upload form as read (lib/multipart-file.ts): oversized files cut and flagged `truncated`. */
export type UploadForm = ReceivedForm;

interface AcceptedFile {
  field: UploadField;
  type: DetectedFileType;
  filename: string;
  bytes: Uint8Array;
}

const fileKinds: Record<UploadField, { kind: string; stem: string }> = {
  cv: { kind: 'cv', stem: 'cv' },
  cvec: { kind: 'cvec', stem: 'attestation-cvec' },
  attestationBac: { kind: 'attestationBac', stem: 'attestation-bac' },
};

const isUploadField = (name: string): name is UploadField => (uploadFields as readonly string[]).includes(name);
const numCvecPattern = /^[A-Za-z0-9][A-Za-z0-9 -]{2,39}$/;
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * Checks every part before anything is stored: a wrong type, an oversized file or a bad field fails the whole
 * upload. The status says the worst problem (413, then 415, then 400); `errors` lists every field's problem.
 */
async function checkUpload(form: UploadForm): Promise<{ files: AcceptedFile[]; numCvec: string | undefined }> {
  const errors: Record<string, string[]> = {};
  let tooLarge = false;
  let wrongType = false;
  let invalid = false;
  const accepted: AcceptedFile[] = [];
  const seen = new Set<string>();

  for (const file of form.files) {
    if (!isUploadField(file.field)) {
      (errors[file.field] ??= []).push('Champ de fichier inconnu.');
      invalid = true;
      continue;
    }
    if (seen.has(file.field)) {
      (errors[file.field] ??= []).push('Un seul fichier par champ.');
      invalid = true;
      continue;
    }
    seen.add(file.field);
    const rule = uploadRules[file.field];
    if (file.truncated || file.bytes.byteLength > rule.maxBytes) {
      (errors[file.field] ??= []).push(`Le fichier dépasse la taille maximale de ${megabytes(rule.maxBytes)} Mo.`);
      tooLarge = true;
      continue;
    }
    const type = await detectFileType(file.bytes);
    if (!type || !rule.mimeTypes.includes(type.mime)) {
      // A right extension over other content (a Word file renamed .pdf) is told so; a wrong one gets SPEC 5's text.
      const contentRefusal = rule.mimeTypes.length === 1 ? 'file.content_not_pdf' : 'file.content_not_pdf_or_image';
      (errors[file.field] ??= []).push(
        hasExtension(file.filename, rule.extensions)
          ? contentRefusal
          : wrongFileTypeMessage + rule.extensions.join(', '),
      );
      wrongType = true;
      continue;
    }
    accepted.push({
      field: file.field,
      type,
      bytes: file.bytes,
      filename: safeFilename(file.filename, fileKinds[file.field].stem, type.extension),
    });
  }

  const numCvec = form.fields['numCvec']?.trim() || undefined;
  if (numCvec !== undefined && !numCvecPattern.test(numCvec)) {
    errors['numCvec'] = ['Numéro CVEC invalide : 3 à 40 lettres, chiffres, espaces ou tirets.'];
    invalid = true;
  }
  if (form.files.length === 0 && numCvec === undefined && Object.keys(errors).length === 0) {
    errors['files'] = ['Aucun fichier reçu.'];
    invalid = true;
  }

  if (tooLarge) throw new AppError('PAYLOAD_TOO_LARGE', undefined, errors);
  if (wrongType && !invalid) throw new AppError('UNSUPPORTED_FILE_TYPE', undefined, errors);
  if (wrongType || invalid) throw validationError(errors);
  return { files: accepted, numCvec };
}

export interface UploadDeps {
  db: Db;
  storage: Storage;
  guard: UploadGuard;
  /** CVs kept per applicant: past it, a new CV replaces the oldest. */
  maxCvs: number;
}

/**
 * Stores the applicant's documents. A CV is added to the list, the oldest beyond `maxCvs` going (SPEC lists the CVs
 * sent, and an applicant revising theirs must never be stuck: a refusal would leave no way out, there being no delete);
 * a CVEC certificate or a bac attestation replaces the previous one and is marked not valid until staff have checked
 * it (a new file has not been looked at, even when the one it replaces had been validated). Every file is scanned
 * before it is stored, and the account's budget checked before the one transaction that writes the rows commits.
 */
export async function uploadDocuments(deps: UploadDeps, userId: number, form: UploadForm): Promise<PortalInfos> {
  const { db, storage, guard } = deps;
  const { files, numCvec } = await checkUpload(form);
  await guard.scan(
    userId,
    files.map((f) => ({ field: f.field, bytes: f.bytes })),
  );
  const stored: { field: UploadField; file: PreparedFile }[] = [];
  let replacedKeys: string[];
  try {
    for (const f of files) {
      const file = await putFileBytes(storage, {
        ownerUserId: userId,
        kind: fileKinds[f.field].kind,
        filename: f.filename,
        contentType: f.type.mime,
        bytes: f.bytes,
      });
      stored.push({ field: f.field, file });
    }
    replacedKeys = await db.transaction(async (tx) => {
      const before = await repo.lockAdmissibleDocuments(tx, userId);
      const set: repo.AdmissibleDocumentsUpdate = {};
      const replaced: string[] = [];
      for (const { field, file } of stored) {
        const row = await insertFileRow(tx, file);
        if (field === 'cvec') {
          set.cvecFileId = row.id;
          set.cvecValid = false;
          if (before?.cvecFileId) replaced.push(before.cvecFileId);
        } else if (field === 'attestationBac') {
          set.attestationBacFileId = row.id;
          set.attestationBacValid = false;
          if (before?.attestationBacFileId) replaced.push(before.attestationBacFileId);
        }
      }
      if (numCvec !== undefined && numCvec !== before?.cvecNumber) {
        set.cvecNumber = numCvec;
        set.cvecValid = false;
      }
      await repo.updateAdmissibleDocuments(tx, userId, set);
      if (stored.some((s) => s.field === 'cv')) {
        const cvs = await repo.findFilesOfKind(tx, userId, 'cv');
        replaced.push(...cvs.slice(deps.maxCvs).map((cv) => cv.id));
      }
      const keys = await deleteFileRows(tx, replaced);
      if (stored.length > 0)
        await guard.checkBudget(tx, { userId, userType: 'admissible', fields: stored.map((s) => s.field) });
      return keys;
    });
  } catch (err) {
    await discardFileBytes(
      storage,
      stored.map((s) => s.file.storageKey),
    );
    throw err;
  }
  await discardFileBytes(storage, replacedKeys);
  return getPortalInfos(db, userId);
}

// ---------- Public files, partners ----------

export async function findPublicFiles(
  db: Db,
  userId: number,
  dossierId: number,
  audience: string,
): Promise<PublicFile[]> {
  if (dossierId !== 0 && !(await repo.isDossierOf(db, dossierId, userId))) throw notFound();
  const rows = await repo.findPublicFiles(db, audience);
  return rows.map((r) => ({
    name: r.name,
    translateKey: r.translateKey,
    size: r.size,
    contentType: r.contentType,
    attachmentUrl: fileUrl(r.fileId),
  }));
}

export async function findPartners(db: Db): Promise<Partner[]> {
  return repo.findPartners(db);
}
