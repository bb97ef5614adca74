import type { StaffSchool } from '@passerelle/contract/staff-formations';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { OutlinedField } from '../../../components/form/outlined-field';

/** A required school, chosen from the list (a formation's, a workshop's): the form holds its id, or '' while unset. */
export function SchoolSelect<T extends FieldValues>({
  control,
  name,
  schools,
  label,
  placeholder,
}: {
  control: Control<T>;
  name: Path<T>;
  schools: StaffSchool[];
  label: string;
  /** The empty choice's text ("Choose a school"). */
  placeholder: string;
}) {
  const { field, fieldState } = useController({ name, control });
  const value: unknown = field.value;
  return (
    <OutlinedField
      label={label}
      required
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      select={
        <>
          <option value="">{placeholder}</option>
          {schools.map((school) => (
            <option key={school.id} value={school.id}>
              {`${school.name} (${school.code})`}
            </option>
          ))}
        </>
      }
      input={{
        name: field.name,
        value: typeof value === 'number' || typeof value === 'string' ? String(value) : '',
        onChange: (event) => field.onChange(event.target.value === '' ? '' : Number(event.target.value)),
        onBlur: field.onBlur,
        inputRef: field.ref,
      }}
    />
  );
}
