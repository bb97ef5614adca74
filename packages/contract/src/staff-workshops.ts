import { z } from 'zod';
import { isoDate } from './portal.ts';
import { transforms, workshopTimesRule, evenAfterIssues } from './rules/refinements.ts';

// ---------- Workshops in the back office (issue 12): GET|POST /staff/workshops, PUT|DELETE /staff/workshops/:id ----------

const id = z.coerce.number().int().positive().max(2_147_483_647);
const emptyAsNull = transforms.emptyToNull;
/** HH:MM, 24-hour clock. */
const hour = z
  .string()
  .trim()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'value.format');
/** An instant with its offset, as a datetime-local input's value turned into ISO by the screen; null: no bound. */
const instant = z.preprocess(emptyAsNull, z.iso.datetime({ offset: true }).nullable());

/**
 * A workshop as staff enter it: the hours on its day, the places (`quota`, 0 closes it), and the registration window
 * (a null bound is no bound) that the applicant portal's `canRegister` follows.
 */
export const workshopBody = z
  .object({
    schoolId: z.number().int().positive().max(2_147_483_647),
    title: z.string().trim().min(1, 'field.required').max(200),
    date: isoDate,
    startHour: hour,
    endHour: hour,
    quota: z.number().int().min(0).max(10_000),
    registrationOpensAt: instant,
    registrationClosesAt: instant,
  })
  .strict()
  .superRefine(workshopTimesRule, evenAfterIssues);
export type WorkshopBody = z.infer<typeof workshopBody>;
export type WorkshopInput = z.input<typeof workshopBody>;

export const staffWorkshop = z.object({
  id: z.number().int(),
  school: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  title: z.string(),
  date: z.string(),
  startHour: z.string(),
  endHour: z.string(),
  quota: z.number().int(),
  /** ISO times; null: no bound. */
  registrationOpensAt: z.string().nullable(),
  registrationClosesAt: z.string().nullable(),
  registered: z.number().int(),
});
export type StaffWorkshop = z.infer<typeof staffWorkshop>;
export const staffWorkshopsResponse = z.object({ workshops: z.array(staffWorkshop) });
export type StaffWorkshopsResponse = z.infer<typeof staffWorkshopsResponse>;
export const staffWorkshopResponse = z.object({ workshop: staffWorkshop });
export const staffWorkshopParams = z.object({ id });

export const deleteWorkshopResponse = z.object({
  /** Registrations removed with the workshop; each registrant was sent a cancellation mail. */
  cancelledRegistrations: z.number().int(),
});
export type DeleteWorkshopResponse = z.infer<typeof deleteWorkshopResponse>;

export const workshopRegistrant = z.object({
  id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  formation: z.string().nullable(),
  /** ISO time. */
  registeredAt: z.string(),
});
export type WorkshopRegistrant = z.infer<typeof workshopRegistrant>;
export const workshopRegistrantsResponse = z.object({ registrants: z.array(workshopRegistrant) });
export type WorkshopRegistrantsResponse = z.infer<typeof workshopRegistrantsResponse>;
