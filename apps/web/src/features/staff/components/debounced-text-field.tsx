import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useDebouncedCommit } from '../hooks/use-debounced-commit';

export const TYPING_DELAY_MS = 350;

export type DebouncedTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** The value the address holds. */
  value: string;
  onCommit: (value: string) => void;
};

/**
 * A text filter: what is typed is sent once typing pauses (or on Enter), and follows the address when it changes under
 * the field (back button, cleared filters).
 */
export function DebouncedTextField({ value, onCommit, onKeyDown, ...props }: DebouncedTextFieldProps) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  const { schedule, flush } = useDebouncedCommit(onCommit, TYPING_DELAY_MS);
  // The address moved under the field: show what it holds now.
  if (value !== committed) {
    setCommitted(value);
    if (value.trim() !== text.trim()) setText(value);
  }
  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        schedule(event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') flush();
        onKeyDown?.(event);
      }}
    />
  );
}
