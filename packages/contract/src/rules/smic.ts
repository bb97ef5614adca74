import { z } from 'zod';
import { smicFormRule } from './refinements.ts';

// ---------- SMIC table (apart from the salary rules, which the web app reads without zod) ----------

/** Stored to the cent (numeric(10, 2)): a positive amount under a cent would be kept as 0. */
const euros = z.number().min(0.01).max(100_000);

/** One dated SMIC value; staff edit the table, the rules read it. Mayotte (976) has its own SMIC. */
export const smicRate = z.object({
  validFrom: z.iso.date(),
  monthly: euros,
  hourly: euros,
  mayotte: z.object({ monthly: euros, hourly: euros }).optional(),
  /** The text that set it and where it was published (`Décret n° 2025-1228 du 17 décembre 2025, JO du 18/12/2025`). */
  source: z.string().trim().min(3).max(300).optional(),
});
export type SmicRate = z.infer<typeof smicRate>;

const smicAmount = euros.nullable();
/**
 * The back office's form for a SMIC value: its fields flat and empty at first (null), Mayotte's two amounts given
 * together or not at all. The screen sends it as a `smicRate`.
 */
export const smicRateForm = z
  .object({
    validFrom: smicRate.shape.validFrom,
    monthly: smicAmount,
    hourly: smicAmount,
    mayotteMonthly: smicAmount,
    mayotteHourly: smicAmount,
    source: z.string().trim().min(3, 'smic.source_required').max(300),
  })
  .superRefine(smicFormRule);
export type SmicRateForm = z.infer<typeof smicRateForm>;

export const smicTable = z
  .array(smicRate)
  .refine((rates) => new Set(rates.map((rate) => rate.validFrom)).size === rates.length, {
    message: 'smic.duplicate_date',
  });
