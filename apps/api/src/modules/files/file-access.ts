import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyUsers, dossiers, publicFiles, type files } from '../../db/schema/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';

/** A stored file's row; here rather than in files.service.ts (which imports this file and re-exports it), so that neither imports the other. */
export type StoredFile = typeof files.$inferSelect;

/** Answers true when the rule lets this user read this file. Rules only grant; none can take away. */
export type FileAccessRule = (db: Db, user: AuthUser, file: StoredFile) => Promise<boolean> | boolean;

const staffTypes = new Set<AuthUser['userType']>(['staff', 'admin']);

const rules = new Map<string, FileAccessRule>([
  ['owner', (_db, user, file) => file.ownerUserId === user.id],
  ['staff', (_db, user) => staffTypes.has(user.userType)],
  [
    'public-file',
    async (db, _user, file) => {
      const [row] = await db.select({ id: publicFiles.id }).from(publicFiles).where(eq(publicFiles.fileId, file.id)).limit(1);
      return row !== undefined;
    },
  ],
  [
    // A contract and its addendum belong to the dossier: its applicant and the users of its company read them.
    'dossier-contract',
    async (db, user, file) => {
      const isParty =
        user.userType === 'company'
          ? eq(companyUsers.userId, user.id)
          : eq(dossiers.admissibleUserId, user.id);
      const [row] = await db
        .select({ id: dossiers.id })
        .from(dossiers)
        .leftJoin(companyUsers, eq(companyUsers.companyId, dossiers.companyId))
        .where(and(or(eq(dossiers.cerfaFileId, file.id), eq(dossiers.cerfaAvenantFileId, file.id)), isParty))
        .limit(1);
      return row !== undefined;
    },
  ],
]);

/**
 * Lets a module grant reading of the files it attaches (e.g. a dossier's signed documents). Registering the same
 * name again replaces the rule, so a module may register when its routes are mounted, once per app instance.
 */
export function registerFileAccessRule(name: string, rule: FileAccessRule): void {
  rules.set(name, rule);
}

/** True when any rule grants this user the file. */
export async function canReadFile(db: Db, user: AuthUser, file: StoredFile): Promise<boolean> {
  for (const rule of rules.values()) {
    if (await rule(db, user, file)) return true;
  }
  return false;
}
