import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { HelperText } from './helper-text';
import {
  useId,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';

/** What the field's input takes (the props of MUI's OutlinedInput the app uses). */
export interface FieldInputProps {
  name?: string;
  type?: string;
  value?: string | number;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
  /** Attributes of the input element itself (aria-*, maxLength, inputMode...). */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
  multiline?: boolean;
  minRows?: number;
  autoComplete?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  sx?: SxProps<Theme>;
}

export interface OutlinedFieldProps {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Keeps the label above the input (dates, selects). */
  shrink?: boolean;
  /** Render a native select with these <option> children instead of a text input. */
  select?: ReactNode;
  input: FieldInputProps;
  /** The input's id, when the page needs to find it (focus the first invalid field); generated otherwise. */
  id?: string;
}

const outline = (theme: Theme) =>
  theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)';
const shrunk = 'translate(14px, -9px) scale(0.75)';

/**
 * MUI's outlined text field redrawn with plain elements and one style sheet: the input machinery of MUI (InputBase,
 * OutlinedInput, InputLabel, FormControl, NativeSelect, TextareaAutosize) weighs about 7 KB compressed in every form
 * screen (docs/decisions/0028). Same look (notched outline, floating label, colours of the theme, light and dark), same
 * class names for the screens' own styles (`MuiInputBase-input`, `Mui-disabled`...).
 */
const Root = styled('div')(({ theme }) => ({
  position: 'relative',
  width: '100%',
  '& > label': {
    ...theme.typography.body1,
    lineHeight: '1.4375em',
    position: 'absolute',
    left: 0,
    top: 0,
    zIndex: 1,
    maxWidth: 'calc(100% - 24px)',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: theme.palette.text.secondary,
    transform: 'translate(14px, 16px) scale(1)',
    transformOrigin: 'top left',
    pointerEvents: 'none',
    transition: theme.transitions.create(['color', 'transform', 'max-width'], {
      duration: theme.transitions.duration.shorter,
    }),
  },
  '&[data-shrink] > label, &:focus-within > label': { transform: shrunk, maxWidth: 'calc(133% - 32px)' },
  '&:focus-within > label': { color: theme.palette.primary.main },
  '&[data-error] > label': { color: theme.palette.error.main },
  '&[data-disabled] > label': { color: theme.palette.text.disabled },
  '& .field-box': {
    ...theme.typography.body1,
    lineHeight: '1.4375em',
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    borderRadius: theme.shape.borderRadius,
    color: theme.palette.text.primary,
    cursor: 'text',
  },
  '&[data-start] .field-box': { paddingLeft: 14 },
  '&[data-end] .field-box': { paddingRight: 14 },
  '&[data-multiline] .field-box': { padding: '16.5px 14px' },
  '& .field-box > fieldset': {
    position: 'absolute',
    inset: '-5px 0 0',
    margin: 0,
    padding: '0 8px',
    pointerEvents: 'none',
    borderRadius: 'inherit',
    borderStyle: 'solid',
    borderWidth: 1,
    borderColor: outline(theme),
    overflow: 'hidden',
    minWidth: '0%',
    textAlign: 'left',
  },
  '& .field-box > fieldset > legend': {
    float: 'unset',
    width: 'auto',
    overflow: 'hidden',
    display: 'block',
    padding: 0,
    height: 11,
    fontSize: '0.75em',
    visibility: 'hidden',
    maxWidth: 0.01,
    whiteSpace: 'nowrap',
    transition: theme.transitions.create('max-width', { duration: 50, easing: theme.transitions.easing.easeOut }),
    '& > span': { paddingLeft: 5, paddingRight: 5, display: 'inline-block', opacity: 0, visibility: 'visible' },
  },
  '&[data-shrink] .field-box > fieldset > legend, &:focus-within .field-box > fieldset > legend': { maxWidth: '100%' },
  '&:not([data-disabled]) .field-box:hover > fieldset': { borderColor: theme.palette.text.primary },
  '& .field-box:focus-within > fieldset': { borderColor: theme.palette.primary.main, borderWidth: 2 },
  '&[data-error] .field-box > fieldset, &[data-error] .field-box:hover > fieldset': {
    borderColor: theme.palette.error.main,
  },
  '&[data-disabled] .field-box > fieldset': { borderColor: theme.palette.action.disabled },
  '& .MuiInputBase-input': {
    font: 'inherit',
    letterSpacing: 'inherit',
    color: 'currentColor',
    border: 0,
    background: 'none',
    margin: 0,
    padding: '16.5px 14px',
    display: 'block',
    minWidth: 0,
    width: '100%',
    height: '1.4375em',
    boxSizing: 'content-box',
    outline: 0,
    WebkitTapHighlightColor: 'transparent',
    '&.Mui-disabled': { color: theme.palette.text.disabled, WebkitTextFillColor: theme.palette.text.disabled },
    '&::placeholder': { color: 'currentColor', opacity: theme.palette.mode === 'light' ? 0.42 : 0.5 },
  },
  '&:not([data-shrink]):not(:focus-within) .MuiInputBase-input::placeholder': { opacity: 0 },
  '&[data-start] .MuiInputBase-input': { paddingLeft: 0 },
  '&[data-end] .MuiInputBase-input': { paddingRight: 0 },
  // The text area grows with its text, from `minRows` lines (Chromium, Safari; elsewhere it scrolls).
  '& textarea.MuiInputBase-input': { padding: 0, height: 'auto', resize: 'none', ['fieldSizing' as string]: 'content' },
  '& select.MuiInputBase-input': {
    appearance: 'none',
    cursor: 'pointer',
    borderRadius: 0,
    paddingRight: 32,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '& option': { color: theme.palette.text.primary, backgroundColor: theme.palette.background.paper },
  },
  '& .MuiNativeSelect-icon': {
    position: 'absolute',
    right: 7,
    top: 'calc(50% - .5em)',
    width: '1em',
    height: '1em',
    fontSize: '1.5rem',
    fill: 'currentColor',
    pointerEvents: 'none',
    color: theme.palette.action.active,
    '&.Mui-disabled': { color: theme.palette.action.disabled },
  },
}));

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * A labelled input, select or text area in MUI's outlined style. Label, input and message are linked (htmlFor,
 * aria-describedby), as MUI's TextField does; the input says when it is wrong (aria-invalid) or required.
 */
export function OutlinedField({
  label,
  error,
  helperText,
  required,
  disabled,
  shrink,
  select,
  input,
  id: givenId,
}: OutlinedFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helperId = `${id}-helper`;
  const { multiline, minRows, inputRef, inputProps, startAdornment, endAdornment, sx, ...rest } = input;
  const isShrunk = Boolean(shrink) || select !== undefined || Boolean(startAdornment) || filled(input.value);
  const state = (flag: boolean | undefined, name: string) => (flag ? ` ${name}` : '');
  const common = {
    ...rest,
    ...inputProps,
    id,
    className: `MuiInputBase-input${state(disabled, 'Mui-disabled')}`,
    disabled: Boolean(disabled),
    required: Boolean(required),
    'aria-invalid': Boolean(error),
    'aria-describedby': helperText ? helperId : undefined,
  };
  const field =
    select !== undefined ? (
      <select {...(common as InputHTMLAttributes<HTMLSelectElement>)} ref={inputRef as Ref<HTMLSelectElement>}>
        {select}
      </select>
    ) : multiline ? (
      <textarea
        {...(common as InputHTMLAttributes<HTMLTextAreaElement>)}
        rows={minRows ?? 1}
        ref={inputRef as Ref<HTMLTextAreaElement>}
      />
    ) : (
      <input {...common} ref={inputRef as Ref<HTMLInputElement>} />
    );
  return (
    <Root
      sx={sx}
      data-shrink={isShrunk || undefined}
      data-error={error || undefined}
      data-disabled={disabled || undefined}
      data-start={startAdornment ? true : undefined}
      data-end={endAdornment ? true : undefined}
      data-multiline={multiline || undefined}
    >
      <label
        htmlFor={id}
        className={`MuiInputLabel-root${state(disabled, 'Mui-disabled')}${state(error, 'Mui-error')}`}
      >
        {label}
        {required ? <span aria-hidden="true">{'\u2009*'}</span> : null}
      </label>
      <div className="field-box">
        {startAdornment}
        {field}
        {select !== undefined ? (
          <svg
            className={`MuiNativeSelect-icon${state(disabled, 'Mui-disabled')}`}
            focusable="false"
            aria-hidden="true"
            viewBox="0 0 24 24"
          >
            <path d="M7 10l5 5 5-5z" />
          </svg>
        ) : null}
        {endAdornment}
        <fieldset aria-hidden="true">
          <legend>
            <span>
              {label}
              {required ? '\u2009*' : ''}
            </span>
          </legend>
        </fieldset>
      </div>
      {helperText ? (
        <HelperText id={helperId} error={error} disabled={disabled}>
          {helperText}
        </HelperText>
      ) : null}
    </Root>
  );
}
