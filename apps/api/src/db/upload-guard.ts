import { count, eq, inArray, sum, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Tx } from './client.ts';
import { files, sheetAttachments, users } from './schema/index.ts';
import { createFileScanner, ScannerUnavailableError, type FileScanner } from '../lib/antivirus.ts';
import { AppError, validationError } from '../lib/app-error.ts';
import { checkPdfUploads, pdfRefusalCode } from '../lib/pdf-guard.ts';

type UploadLimits = Pick<
  Config,
  | 'UPLOAD_MAX_FILES_PER_PERSON'
  | 'UPLOAD_MAX_BYTES_PER_PERSON'
  | 'UPLOAD_MAX_FILES_PER_DOSSIER'
  | 'UPLOAD_MAX_BYTES_PER_DOSSIER'
>;

export interface ScannedFile {
  /** The form field the file came in: where a refusal is shown. */
  field: string;
  bytes: Uint8Array;
}

export interface BudgetScope {
  userId: number;
  userType: string;
  /** The dossier the files are attached to, when they belong to one. */
  dossierId?: number;
  /** Fields of this upload: each gets the refusal under its input. */
  fields: string[];
}

/**
 * The one gate every upload goes through (portal documents, sheet attachments, signed scans, the home's files, any later
 * one): a bounded read of each PDF and an antivirus scan before the bytes are stored, and the person's and the
 * dossier's budgets checked inside the transaction that writes the rows.
 */
export interface UploadGuard {
  /**
   * The checks of the bytes before they are stored. Every PDF is read within bounds, on a worker thread
   * (lib/pdf-guard.ts): throws 400 per field for one that is damaged or over them. Then the antivirus: throws 400 per
   * field when a file is detected, 503 when a configured scanner cannot answer (fail closed).
   */
  scan(userId: number, uploads: ScannedFile[]): Promise<void>;
  /**
   * Throws 409 per field when the person's files or the dossier's are over budget. Called in the upload's transaction
   * after the new rows are written and the replaced ones deleted, so that a replacement counts once; the throw rolls
   * the whole upload back. The person's row is locked first: two uploads of one person count one after the other.
   */
  checkBudget(tx: Tx, scope: BudgetScope): Promise<void>;
}

const staffTypes: ReadonlySet<string> = new Set(['staff', 'admin']);

const fieldErrors = (fields: string[], code: string) => Object.fromEntries(fields.map((field) => [field, [code]]));

export function createUploadGuard(
  config: UploadLimits & Pick<Config, 'CLAMD_URL' | 'CLAMD_TIMEOUT_MS'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  scanner: FileScanner | undefined = createFileScanner(config),
): UploadGuard {
  return {
    async scan(userId, uploads) {
      const refused = await checkPdfUploads(uploads);
      if (refused.size > 0) {
        // Who, which field and why; never the file's name or bytes.
        for (const [field, reason] of refused)
          log.warn({ event: 'upload.pdf_refused', field, reason, userId }, 'upload refused: PDF over its bounds');
        throw validationError(
          Object.fromEntries([...refused].map(([field, reason]) => [field, [pdfRefusalCode(reason)]])),
          'A PDF could not be read within its bounds',
        );
      }
      if (!scanner) return;
      const detected: string[] = [];
      for (const upload of uploads) {
        let verdict;
        try {
          verdict = await scanner.scan(upload.bytes);
        } catch (err) {
          if (!(err instanceof ScannerUnavailableError)) throw err;
          log.error(
            { event: 'upload.scan_unavailable', field: upload.field, userId, reason: err.message },
            'upload refused: antivirus unavailable',
          );
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'The antivirus cannot check files right now; try again later',
            fieldErrors([upload.field], 'file.scan_unavailable'),
          );
        }
        if (verdict.clean) continue;
        // Who, which field and what was found; never the file's name or bytes.
        log.warn(
          { event: 'upload.malware_detected', field: upload.field, signature: verdict.signature, userId },
          'upload refused: malware detected',
        );
        detected.push(upload.field);
      }
      if (detected.length > 0)
        throw validationError(fieldErrors(detected, 'file.malware_detected'), 'The antivirus refused a file');
    },

    async checkBudget(tx, scope) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, scope.userId)).for('update');
      if (!staffTypes.has(scope.userType)) {
        const person = await totals(tx, eq(files.ownerUserId, scope.userId));
        if (person.files > config.UPLOAD_MAX_FILES_PER_PERSON || person.bytes > config.UPLOAD_MAX_BYTES_PER_PERSON) {
          throw new AppError(
            'LIMIT_REACHED',
            'The upload budget of this account is used up',
            fieldErrors(scope.fields, 'file.quota_person'),
          );
        }
      }
      if (scope.dossierId !== undefined) {
        const attached = tx
          .select({ fileId: sheetAttachments.fileId })
          .from(sheetAttachments)
          .where(eq(sheetAttachments.dossierId, scope.dossierId));
        const dossier = await totals(tx, inArray(files.id, attached));
        if (
          dossier.files > config.UPLOAD_MAX_FILES_PER_DOSSIER ||
          dossier.bytes > config.UPLOAD_MAX_BYTES_PER_DOSSIER
        ) {
          throw new AppError(
            'LIMIT_REACHED',
            'The upload budget of this dossier is used up',
            fieldErrors(scope.fields, 'file.quota_dossier'),
          );
        }
      }
    },
  };
}

async function totals(db: Db | Tx, where: SQL): Promise<{ files: number; bytes: number }> {
  const [row] = await db
    .select({ files: count(), bytes: sum(files.size) })
    .from(files)
    .where(where);
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}
