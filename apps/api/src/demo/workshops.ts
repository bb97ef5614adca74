import { createWorkshops, fillWorkshop } from '../modules/workshops/workshops.service.ts';
import { parisDay } from '../lib/paris-time.ts';
import type { Db } from '../db/client.ts';

const DAY = 86_400_000;

const demoWorkshops = [
  { title: 'CV et LinkedIn', inDays: 7, startHour: '10:00', endHour: '12:00:00', quota: 15 },
  { title: 'Réussir son entretien', inDays: 14, startHour: '14:00', endHour: '16:30:00', quota: 12 },
  { title: 'Négocier son contrat', inDays: 21, startHour: '09:30', endHour: '11:00:00', quota: 10 },
  { title: 'Trouver son entreprise en 30 jours', inDays: 28, startHour: '17:00', endHour: '18:30:00', quota: 2 },
] as const;

/**
 * Demo workshops over the coming weeks for EMLV and ESILV, registration open from now until the eve of each
 * workshop. The last one of each school has a quota of 2: give `fillUserIds` (applicants of that school) and
 * the first two are registered to it, so the demo shows a full workshop. Returns the workshops' ids by school.
 */
export async function seedWorkshops(
  db: Db,
  schoolIds: { EMLV: number; ESILV: number },
  now = new Date(),
  fillUserIds: { EMLV?: number[]; ESILV?: number[] } = {},
): Promise<{ EMLV: number[]; ESILV: number[] }> {
  const ids = { EMLV: [] as number[], ESILV: [] as number[] };
  for (const school of ['EMLV', 'ESILV'] as const) {
    const rows = await createWorkshops(
      db,
      demoWorkshops.map((w) => {
        const day = parisDay(new Date(now.getTime() + w.inDays * DAY));
        return {
          schoolId: schoolIds[school],
          title: w.title,
          date: day,
          startHour: w.startHour,
          endHour: w.endHour,
          quota: w.quota,
          registrationOpensAt: new Date(now.getTime() - DAY),
          registrationClosesAt: new Date(now.getTime() + (w.inDays - 1) * DAY),
        };
      }),
    );
    ids[school] = rows.map((r) => r.id);
    const full = rows.at(-1);
    const fillers = fillUserIds[school] ?? [];
    if (full && fillers.length > 0) await fillWorkshop(db, full.id, fillers.slice(0, full.quota));
  }
  return ids;
}
