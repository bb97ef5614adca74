import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper.ts';
import { dossiers, dossierSteps, sheets, users } from './schema/index.ts';

const migration = readFileSync(new URL('./migrations/0003_information_sheet_step_values.sql', import.meta.url), 'utf8');

/** Migration 0003 turns the information sheet's old step values (2 = draft saved, 3 = sent) into decision 0004's. */
describe('migration 0003: information-sheet step values', async () => {
  const { app } = await createTestApp();

  async function dossierWith(steps: { fra: number; fre: number }, submitted: ('fra' | 'fre')[]) {
    const [user] = await app.db
      .insert(users)
      .values({ email: `steps-${Math.random().toString(36).slice(2)}@example.org`, userType: 'admissible' })
      .returning();
    const [dossier] = await app.db.insert(dossiers).values({ admissibleUserId: user?.id ?? 0, dossierStatut: 7 }).returning();
    const id = dossier?.id ?? 0;
    await app.db.insert(dossierSteps).values([
      { dossierId: id, type: 'fra', status: steps.fra },
      { dossierId: id, type: 'fre', status: steps.fre },
    ]);
    for (const kind of ['fra', 'fre'] as const) {
      const sent = submitted.includes(kind);
      await app.db.insert(sheets).values({ dossierId: id, kind, status: sent ? 'submitted' : 'draft', submittedAt: sent ? sql`now()` : null });
    }
    return id;
  }

  async function stepsOf(id: number) {
    const rows = await app.db.select().from(dossierSteps).where(eq(dossierSteps.dossierId, id));
    return Object.fromEntries(rows.map((row) => [row.type, row.status]));
  }

  it('sends drafts back to "to do", marks a part sent alone as waiting, and leaves finished sheets', async () => {
    const drafting = await dossierWith({ fra: 2, fre: 2 }, []);
    const applicantSent = await dossierWith({ fra: 3, fre: 2 }, ['fra']);
    const bothSent = await dossierWith({ fra: 3, fre: 3 }, ['fra', 'fre']);

    for (const statement of migration.split('--> statement-breakpoint')) await app.db.execute(sql.raw(statement));

    expect(await stepsOf(drafting)).toEqual({ fra: 1, fre: 1 });
    expect(await stepsOf(applicantSent)).toEqual({ fra: 2, fre: 1 });
    expect(await stepsOf(bothSent)).toEqual({ fra: 3, fre: 3 });
  });
});
