import {
  cmsSectionNames,
  PARTNER_LOGO_MAX_BYTES,
  PUBLIC_FILE_MAX_BYTES,
  type CmsSectionName,
  type ForumBody,
  type Language,
  type PartnerBody,
  type StaffCmsBody,
  type StaffCmsSection,
  type StaffForumResponse,
  type StaffPartner,
  type StaffPublicFile,
} from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import { AppError, notFound, validationError } from '../../lib/app-error.ts';
import { detectFileType, type DetectedFileType } from '../../lib/file-type.ts';
import type { ReceivedFile as ReceivedFormFile } from '../../lib/multipart-file.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import type { Storage } from '../../db/storage.ts';
import {
  deleteFileRows,
  discardFileBytes,
  fileUrl,
  getFile,
  insertFileRow,
  putFileBytes,
  safeFilename,
} from '../files/files.service.ts';
import type { UploadGuard } from '../../db/upload-guard.ts';
import { OFFER_LOGO_KIND, offerLogoUrl, storeOfferLogo } from '../offers/offers.service.ts';
import { saveCmsSection } from '../portal/portal.service.ts';
import * as repo from './content.repo.ts';

const langOf = (language: Language): 'fr' | 'en' => (language === 'en-US' ? 'en' : 'fr');
const isSection = (name: string): name is CmsSectionName => (cmsSectionNames as readonly string[]).includes(name);

// ---------- Content feed ----------

function sectionOf(name: string): CmsSectionName {
  if (!isSection(name)) throw notFound();
  return name;
}

export async function getStaffCmsSection(db: Db, name: string, language: Language): Promise<StaffCmsSection> {
  const section = sectionOf(name);
  const row = await repo.findCmsSection(db, section, langOf(language));
  return {
    section,
    lang: language,
    title: row?.title ?? '',
    // Cleaned again on the way out, as the portal does: a row written by other means is shown as the applicant sees it.
    text: row ? sanitizeHtml(row.html) : '',
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Writes through the portal's own `saveCmsSection`: one set of cleaning rules for the feed, wherever html comes from. */
export async function saveStaffCmsSection(
  db: Db,
  name: string,
  language: Language,
  body: StaffCmsBody,
): Promise<StaffCmsSection> {
  const section = sectionOf(name);
  await saveCmsSection(db, { section, lang: langOf(language), title: body.title, html: body.text });
  return getStaffCmsSection(db, section, language);
}

// ---------- Uploads ----------

/** The one file part of a back-office upload, as received (lib/multipart-file.ts); `truncated` when it went over the size limit. */
export type ReceivedFile = Pick<ReceivedFormFile, 'filename' | 'bytes' | 'truncated'>;

export interface ContentUploadDeps {
  db: Db;
  storage: Storage;
  guard: UploadGuard;
}

/** Size first, then the type read from the bytes (never from the name), then the antivirus: the portal's upload rules. */
async function checkFile(
  guard: UploadGuard,
  staffId: number,
  file: ReceivedFile | undefined,
  maxBytes: number,
  accepted: readonly DetectedFileType['mime'][],
  wrongTypeCode: string,
): Promise<DetectedFileType> {
  if (!file || file.bytes.byteLength === 0) throw validationError({ file: ['field.required'] });
  if (file.truncated || file.bytes.byteLength > maxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', undefined, { file: ['file.too_large'] });
  const type = await detectFileType(file.bytes);
  if (!type || !accepted.includes(type.mime))
    throw new AppError('UNSUPPORTED_FILE_TYPE', undefined, { file: [wrongTypeCode] });
  await guard.scan(staffId, [{ field: 'file', bytes: file.bytes }]);
  return type;
}

// ---------- Public files ----------

type PublicFileRow = Awaited<ReturnType<typeof repo.findPublicFiles>>[number];
const toPublicFile = (row: PublicFileRow): StaffPublicFile => ({
  id: row.id,
  name: row.name,
  size: row.size,
  contentType: row.contentType,
  attachmentUrl: fileUrl(row.fileId),
  position: row.position,
});

export async function findStaffPublicFiles(db: Db): Promise<StaffPublicFile[]> {
  return (await repo.findPublicFiles(db)).map(toPublicFile);
}

/** Stores the file, then lists it last on the home's documents card; `name` defaults to the file's own name. */
export async function addPublicFile(
  deps: ContentUploadDeps,
  staffId: number,
  file: ReceivedFile | undefined,
  name: string | undefined,
): Promise<StaffPublicFile> {
  const { db, storage, guard } = deps;
  const type = await checkFile(
    guard,
    staffId,
    file,
    PUBLIC_FILE_MAX_BYTES,
    ['application/pdf', 'image/png', 'image/jpeg'],
    'file.content_not_pdf_or_image',
  );
  const given = name?.trim() ?? '';
  if (given.length > 150) throw validationError({ name: ['text.too_long'] });
  // checkFile refused a missing file.
  const received = file as ReceivedFile;
  const filename = safeFilename(received.filename, 'document', type.extension);
  const prepared = await putFileBytes(storage, {
    ownerUserId: null,
    kind: 'public',
    filename,
    contentType: type.mime,
    bytes: received.bytes,
  });
  try {
    const id = await db.transaction(async (tx) => {
      const row = await insertFileRow(tx, prepared);
      const inserted = await repo.insertPublicFile(tx, {
        name: given || filename.replace(/\.[^.]*$/, ''),
        fileId: row.id,
      });
      await guard.checkBudget(tx, { userId: staffId, userType: 'staff', fields: ['file'] });
      return inserted;
    });
    return getPublicFile(db, id);
  } catch (err) {
    await discardFileBytes(storage, [prepared.storageKey]);
    throw err;
  }
}

async function getPublicFile(db: Db, id: number): Promise<StaffPublicFile> {
  const row = await repo.findPublicFile(db, id);
  if (!row) throw notFound();
  return toPublicFile(row);
}

export async function renameStaffPublicFile(db: Db, id: number, name: string): Promise<StaffPublicFile> {
  if (!(await repo.renamePublicFile(db, id, name))) throw notFound();
  return getPublicFile(db, id);
}

/** Removes the listing and the stored file with it: nobody can download it any more. */
export async function deleteStaffPublicFile(
  deps: Pick<ContentUploadDeps, 'db' | 'storage'>,
  id: number,
): Promise<void> {
  const row = await repo.findPublicFile(deps.db, id);
  if (!row) throw notFound();
  // The listing goes with its file (foreign key on delete cascade).
  const keys = await deps.db.transaction((tx) => deleteFileRows(tx, [row.fileId]));
  await discardFileBytes(deps.storage, keys);
}

/** The new order must name every listed item once: a list changed by someone else meanwhile is refused, not half-applied. */
function checkOrder(current: number[], ids: number[]): void {
  const same =
    ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
  if (!same) throw new AppError('CONFLICT', 'The list changed: reload it', { ids: ['content.order_mismatch'] });
}

export async function orderPublicFiles(db: Db, ids: number[]): Promise<StaffPublicFile[]> {
  await db.transaction(async (tx) => {
    checkOrder(
      (await repo.findPublicFiles(tx)).map((r) => r.id),
      ids,
    );
    for (const [position, id] of ids.entries()) await repo.setPublicFilePosition(tx, id, position);
  });
  return findStaffPublicFiles(db);
}

// ---------- Partners ----------

/**
 * Partner logos are kept and served like offer logos (GET /api/offers/logos/:id, public: an <img> sends no token), so
 * the portal's CSP keeps listing no image origin but ours. Only PNG and JPEG, read from the bytes.
 */
export async function uploadPartnerLogo(
  deps: ContentUploadDeps,
  staffId: number,
  file: ReceivedFile | undefined,
): Promise<string> {
  const type = await checkFile(
    deps.guard,
    staffId,
    file,
    PARTNER_LOGO_MAX_BYTES,
    ['image/png', 'image/jpeg'],
    'content.image_only',
  );
  const received = file as ReceivedFile;
  return storeOfferLogo(deps.db, deps.storage, {
    filename: safeFilename(received.filename, 'logo', type.extension),
    contentType: type.mime,
    bytes: received.bytes,
  });
}

const logoPattern = /^\/api\/offers\/logos\/([0-9a-f-]{36})$/;

/** A logo is one uploaded here, or the one the partner already has (the demo's inline images included). */
async function checkLogo(db: Db, logo: string, current: string | undefined): Promise<void> {
  if (logo === current) return;
  const id = logoPattern.exec(logo)?.[1];
  const file = id ? await getFile(db, id).catch(() => undefined) : undefined;
  if (!file || file.kind !== OFFER_LOGO_KIND || offerLogoUrl(file.id) !== logo)
    throw validationError({ logo: ['content.logo_unknown'] });
}

export async function findStaffPartners(db: Db): Promise<StaffPartner[]> {
  return repo.findPartners(db);
}

export async function createPartner(db: Db, body: PartnerBody): Promise<StaffPartner> {
  await checkLogo(db, body.logo, undefined);
  return repo.insertPartner(db, body);
}

export async function updateStaffPartner(db: Db, id: number, body: PartnerBody): Promise<StaffPartner> {
  const current = await repo.findPartner(db, id);
  if (!current) throw notFound();
  await checkLogo(db, body.logo, current.logo);
  const updated = await repo.updatePartner(db, id, body);
  if (!updated) throw notFound();
  return updated;
}

export async function deleteStaffPartner(db: Db, id: number): Promise<void> {
  if (!(await repo.deletePartner(db, id))) throw notFound();
}

export async function orderPartners(db: Db, ids: number[]): Promise<StaffPartner[]> {
  await db.transaction(async (tx) => {
    checkOrder(
      (await repo.findPartners(tx)).map((r) => r.id),
      ids,
    );
    for (const [position, id] of ids.entries()) await repo.setPartnerPosition(tx, id, position);
  });
  return findStaffPartners(db);
}

// ---------- Forum invitation ----------

export async function getStaffForum(db: Db): Promise<StaffForumResponse> {
  const row = await repo.findForum(db);
  return { forum: row ? { name: row.name, date: row.date, link: row.link, active: row.active } : null };
}

export async function saveStaffForum(db: Db, body: ForumBody): Promise<StaffForumResponse> {
  await repo.saveForum(db, body);
  return getStaffForum(db);
}
