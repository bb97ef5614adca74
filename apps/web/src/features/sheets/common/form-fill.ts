import type { FieldValues, UseFormReturn } from 'react-hook-form';

export const fill = { shouldDirty: true, shouldValidate: true } as const;

/** Fills a field as if typed: marked dirty (so it autosaves) and validated. */
export function setField(form: UseFormReturn<FieldValues>, path: string, value: unknown, options: typeof fill) {
  form.setValue(path, value, options);
}

export function streetOf(address: { numeroVoie: string | null; voie: string | null }): string {
  return [address.numeroVoie, address.voie].filter(Boolean).join(' ');
}
