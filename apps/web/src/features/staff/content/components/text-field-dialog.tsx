import { useForm, type Resolver } from 'react-hook-form';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { FormDialog } from '../../components/form-dialog';

export interface TextFieldDialogProps {
  title: string;
  /** The field's name: the server's refusals of it land under the input. */
  name: string;
  label: string;
  initialValue: string;
  hint: string;
  submitLabel: string;
  /** The message for a value not to send, or null. */
  check: (value: string) => string | null;
  /** Sends the value, trimmed; a rejection shows under the field when it names it, under the form otherwise. */
  onSubmit: (value: string) => Promise<void>;
  onCancel: () => void;
  isPending?: boolean;
  inputMode?: 'text' | 'url';
}

/** A dialog asking for one value (a link's address, a document's name), checked before it is sent. */
export function TextFieldDialog({
  title,
  name,
  label,
  initialValue,
  hint,
  submitLabel,
  check,
  onSubmit,
  onCancel,
  isPending = false,
  inputMode = 'text',
}: TextFieldDialogProps) {
  const resolver: Resolver<Record<string, string>> = (values) => {
    const value = (values[name] ?? '').trim();
    const problem = check(value);
    return problem
      ? { values: {}, errors: { [name]: { type: 'validate', message: problem } } }
      : { values: { [name]: value }, errors: {} };
  };
  const form = useForm<Record<string, string>>({ defaultValues: { [name]: initialValue }, resolver });
  return (
    <FormDialog
      title={title}
      form={form}
      fields={[name]}
      onSave={(values) => onSubmit(values[name] ?? '')}
      onClose={onCancel}
      isPending={isPending}
      submitLabel={submitLabel}
      pendingLabel={submitLabel}
      maxWidth="sm"
    >
      <TextFieldElement
        name={name}
        control={form.control}
        label={label}
        type={inputMode === 'url' ? 'url' : undefined}
        required
        helperText={hint}
      />
    </FormDialog>
  );
}
