import { useState, type ChangeEvent } from 'react';

/**
 * A text field's value and change handler for a form field holding a string, or a number (null when empty) with
 * `asNumber`. For a number, the text as typed stays in the field while it reads as the value the form holds: "1867."
 * on the way to "1867.02" is not rewritten as "1867" (the dot would be lost under the next key).
 */
export function useFieldText(value: unknown, onChange: (value: unknown) => void, asNumber: boolean) {
  const [typed, setTyped] = useState<string | null>(null);
  const held = typeof value === 'string' || typeof value === 'number' ? value : '';
  let text: string | number = held;
  if (asNumber && typed !== null) {
    const reads = typed.trim() === '' ? null : Number(typed);
    if (reads === (value ?? null)) text = typed;
  }
  return {
    value: text,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const raw = event.target.value;
      setTyped(raw);
      onChange(asNumber ? (raw === '' ? null : Number(raw)) : raw);
    },
  };
}
