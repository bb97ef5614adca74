import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { TextFieldElement } from '../../../components/form/text-field-element';

/**
 * Where a reference value comes from (a SMIC value's decree, a reference table's publisher), required and said with
 * a hint: the SMIC dialog and the reference tables' upload dialog record it the same way, in a `source` field.
 */
export function SourceField<T extends FieldValues & { source: string }>({
  control,
  label,
  hint,
}: {
  control: Control<T>;
  label: string;
  hint: string;
}) {
  // `source` is a field of T by its constraint; TypeScript does not resolve FieldPath over a generic T.
  const name = 'source' as FieldPath<T>;
  return <TextFieldElement name={name} control={control} label={label} required helperText={hint} />;
}
