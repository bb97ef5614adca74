import { and, asc, desc, eq, max } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cmsSections, files, forumInvitations, partners, publicFiles } from '../../db/schema/index.ts';

export async function findCmsSection(db: Db, section: string, lang: 'fr' | 'en') {
  const [row] = await db
    .select()
    .from(cmsSections)
    .where(and(eq(cmsSections.section, section), eq(cmsSections.lang, lang)));
  return row;
}

// ---------- Public files ----------

const publicFileColumns = {
  id: publicFiles.id,
  name: publicFiles.name,
  position: publicFiles.position,
  fileId: files.id,
  size: files.size,
  contentType: files.contentType,
};

export async function findPublicFiles(db: Db | Tx) {
  return db
    .select(publicFileColumns)
    .from(publicFiles)
    .innerJoin(files, eq(files.id, publicFiles.fileId))
    .where(eq(publicFiles.audience, 'home'))
    .orderBy(asc(publicFiles.position), asc(publicFiles.id));
}

export async function findPublicFile(db: Db | Tx, id: number) {
  const [row] = await db
    .select(publicFileColumns)
    .from(publicFiles)
    .innerJoin(files, eq(files.id, publicFiles.fileId))
    .where(and(eq(publicFiles.id, id), eq(publicFiles.audience, 'home')));
  return row;
}

export async function insertPublicFile(tx: Tx, row: { name: string; fileId: string }): Promise<number> {
  const [last] = await tx
    .select({ position: max(publicFiles.position) })
    .from(publicFiles)
    .where(eq(publicFiles.audience, 'home'));
  const [inserted] = await tx
    .insert(publicFiles)
    .values({ ...row, audience: 'home', position: (last?.position ?? -1) + 1 })
    .returning({ id: publicFiles.id });
  if (!inserted) throw new Error('public file not written');
  return inserted.id;
}

export async function renamePublicFile(db: Db, id: number, name: string): Promise<boolean> {
  // A renamed file shows its new name: the translation key, which would win over it, goes.
  const rows = await db
    .update(publicFiles)
    .set({ name, translateKey: null })
    .where(eq(publicFiles.id, id))
    .returning({ id: publicFiles.id });
  return rows.length > 0;
}

export async function setPublicFilePosition(tx: Tx, id: number, position: number): Promise<void> {
  await tx.update(publicFiles).set({ position }).where(eq(publicFiles.id, id));
}

// ---------- Partners ----------

const partnerColumns = {
  id: partners.id,
  nom: partners.nom,
  logo: partners.logo,
  web: partners.web,
  position: partners.position,
};

export async function findPartners(db: Db | Tx) {
  return db.select(partnerColumns).from(partners).orderBy(asc(partners.position), asc(partners.id));
}

export async function findPartner(db: Db | Tx, id: number) {
  const [row] = await db.select(partnerColumns).from(partners).where(eq(partners.id, id));
  return row;
}

export async function insertPartner(db: Db, row: { nom: string; web: string; logo: string }) {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ position: max(partners.position) }).from(partners);
    const [inserted] = await tx
      .insert(partners)
      .values({ ...row, position: (last?.position ?? -1) + 1 })
      .returning(partnerColumns);
    if (!inserted) throw new Error('partner not written');
    return inserted;
  });
}

export async function updatePartner(db: Db, id: number, row: { nom: string; web: string; logo: string }) {
  const [updated] = await db.update(partners).set(row).where(eq(partners.id, id)).returning(partnerColumns);
  return updated;
}

export async function deletePartner(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(partners).where(eq(partners.id, id)).returning({ id: partners.id });
  return rows.length > 0;
}

export async function setPartnerPosition(tx: Tx, id: number, position: number): Promise<void> {
  await tx.update(partners).set({ position }).where(eq(partners.id, id));
}

// ---------- Forum invitation ----------

/**
 * The invitation staff edit: the one the portal shows (the active one of latest date, as findActiveForumInvitation
 * picks it), else the latest written. Past forums may stay as inactive rows.
 */
export async function findForum(db: Db | Tx) {
  const [row] = await db
    .select()
    .from(forumInvitations)
    .orderBy(desc(forumInvitations.active), desc(forumInvitations.date), desc(forumInvitations.id))
    .limit(1);
  return row;
}

export async function saveForum(db: Db, row: { name: string; date: string; link: string; active: boolean }) {
  await db.transaction(async (tx) => {
    const current = await findForum(tx);
    // One invitation shown at a time: turning this one on turns the others off.
    if (row.active) await tx.update(forumInvitations).set({ active: false }).where(eq(forumInvitations.active, true));
    if (current) await tx.update(forumInvitations).set(row).where(eq(forumInvitations.id, current.id));
    else await tx.insert(forumInvitations).values(row);
  });
}
