import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import type { FieldError, FieldErrors, FieldPath, FieldPathValue, FieldValues, Resolver } from 'react-hook-form';

/**
 * The part of react-hook-form's API the app's forms use, in about 2 KB instead of 13 (docs/decisions/0028): one store
 * per form, fields bound through `useController`, whole-form checks through a resolver (the contract's format table),
 * and react-hook-form's timing — on submit, then on every change ("onSubmit"); on first blur, then on every change
 * ("onTouched"). Its types come from react-hook-form (type imports only: no code of it reaches the browser).
 */
export type { FieldError, FieldErrors, FieldPath, FieldValues, Path, Resolver, ResolverResult } from 'react-hook-form';

type Values = Record<string, unknown>;

// ---------- Paths ----------

/** The value at a dotted path (`apprenti.adresse.codePostal`), undefined when any step is missing. */
export function get(object: unknown, path: string): unknown {
  let node = object;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Values)[key];
  }
  return node;
}

function hasPath(object: unknown, path: string): boolean {
  const keys = path.split('.');
  const last = keys.pop() ?? path;
  const parent = keys.length ? get(object, keys.join('.')) : object;
  return parent !== null && typeof parent === 'object' && last in parent;
}

/** Writes `value` at a dotted path, creating the objects on the way (in place). */
export function set(object: Values, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = object;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    const child: Values = next !== null && typeof next === 'object' ? (next as Values) : {};
    node[key] = child;
    node = child;
  }
  node[keys[keys.length - 1] ?? path] = value;
}

/** A copy with `value` at `path` (or the path removed when `value` is undefined and `remove`): the objects on the way are new. */
function setIn(object: Values, path: string[], value: unknown, remove = false): Values {
  const [key, ...rest] = path;
  if (key === undefined) return object;
  const copy = Array.isArray(object) ? ([...object] as unknown as Values) : { ...object };
  if (rest.length === 0) {
    if (remove) delete copy[key];
    else copy[key] = value;
    return copy;
  }
  const child = copy[key];
  copy[key] = setIn(child !== null && typeof child === 'object' ? (child as Values) : {}, rest, value, remove);
  return copy;
}

/** Deep equality where a key holding undefined counts as absent (a field registered and never filled). */
function isEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => isEqual((a as Values)[key], (b as Values)[key]));
}

// ---------- The store ----------

export interface FormStateSnapshot<T extends FieldValues> {
  errors: FieldErrors<T>;
  isDirty: boolean;
  isSubmitting: boolean;
  isSubmitted: boolean;
}

interface Field {
  ref: { focus?: () => void } | null;
}

type Mode = 'onSubmit' | 'onTouched';

export interface UseFormOptions<T extends FieldValues, Output> {
  defaultValues?: Partial<T>;
  resolver?: Resolver<T, unknown, Output>;
  mode?: Mode;
  /** Focuses the first field in error after a refused submit (true by default, as react-hook-form). */
  shouldFocusError?: boolean;
}

export interface SetValueOptions {
  shouldDirty?: boolean;
  shouldValidate?: boolean;
  shouldTouch?: boolean;
}

class FormStore<T extends FieldValues, Output> {
  values: Values;
  defaults: Values;
  errors: Values = {};
  touched = new Set<string>();
  fields = new Map<string, Field>();
  state: FormStateSnapshot<T>;
  private listeners = new Set<() => void>();
  private valueListeners = new Set<(values: T) => void>();

  options: UseFormOptions<T, Output>;

  constructor(options: UseFormOptions<T, Output>) {
    this.options = options;
    this.defaults = options.defaultValues ?? {};
    this.values = this.defaults;
    this.state = { errors: {}, isDirty: false, isSubmitting: false, isSubmitted: false };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Tells the hooks; a new form state object only when one of its parts changed. */
  private notify(valuesChanged = false) {
    const next: FormStateSnapshot<T> = {
      errors: this.errors as FieldErrors<T>,
      isDirty: !isEqual(this.values, this.defaults),
      isSubmitting: this.state.isSubmitting,
      isSubmitted: this.state.isSubmitted,
    };
    if (Object.entries(next).some(([key, value]) => this.state[key as keyof typeof next] !== value)) this.state = next;
    for (const listener of [...this.listeners]) listener();
    if (valuesChanged) for (const listener of [...this.valueListeners]) listener(this.values as T);
  }

  private patch(part: { submitting?: boolean; submitted?: boolean }) {
    this.state = {
      ...this.state,
      ...(part.submitting === undefined ? {} : { isSubmitting: part.submitting }),
      ...(part.submitted === undefined ? {} : { isSubmitted: part.submitted }),
    };
  }

  setErrorAt(name: string, error: FieldError | undefined) {
    this.errors = setIn(this.errors, name.split('.'), error, error === undefined);
  }

  setError(name: string, error: FieldError, shouldFocus = false) {
    this.setErrorAt(name, error);
    this.notify();
    if (shouldFocus) this.focus(name);
  }

  async resolve() {
    const resolver = this.options.resolver;
    if (!resolver) return { values: this.values as unknown as Output, errors: {} as Values };
    const result = await resolver(this.values as T, undefined, { fields: {}, shouldUseNativeValidation: false });
    return { values: result.values as Output, errors: result.errors as Values };
  }

  /** Checks the form and keeps the findings of `name` (of every field when none). */
  async validate(name?: string): Promise<boolean> {
    const { errors } = await this.resolve();
    if (name === undefined) {
      this.errors = errors;
      this.notify();
      return Object.keys(errors).length === 0;
    }
    const error = get(errors, name) as FieldError | undefined;
    this.setErrorAt(name, error);
    this.notify();
    return error === undefined;
  }

  /** react-hook-form's timing: a change is checked once the field was touched (onTouched) or the form submitted. */
  shouldValidateOnChange(name: string) {
    return this.state.isSubmitted || (this.options.mode === 'onTouched' && this.touched.has(name));
  }

  setValue(name: string, value: unknown, options: SetValueOptions = {}) {
    this.values = setIn(this.values, name.split('.'), value);
    if (options.shouldTouch) this.touched.add(name);
    this.notify(true);
    if (options.shouldValidate || this.shouldValidateOnChange(name)) void this.validate(name);
  }

  blur(name: string) {
    this.touched.add(name);
    if (this.options.mode === 'onTouched' && !this.state.isSubmitted) void this.validate(name);
    else this.notify();
  }

  /**
   * As react-hook-form: a field bound to the form has its place in the values, even empty (an address left empty is an
   * empty block), without telling anyone.
   */
  register(name: string) {
    if (get(this.values, name) === undefined && !hasPath(this.values, name))
      this.values = setIn(this.values, name.split('.'), undefined);
  }

  focus(name: string) {
    this.fields.get(name)?.ref?.focus?.();
  }

  reset(values?: Partial<T>) {
    if (values !== undefined) this.defaults = values;
    this.values = this.defaults;
    this.errors = {};
    this.touched.clear();
    this.patch({ submitted: false, submitting: false });
    this.notify(true);
  }

  resetField(name: string) {
    this.values = setIn(this.values, name.split('.'), get(this.defaults, name));
    this.setErrorAt(name, undefined);
    this.touched.delete(name);
    this.notify(true);
  }

  clearErrors(name?: string) {
    if (name === undefined) this.errors = {};
    else this.setErrorAt(name, undefined);
    this.notify();
  }

  watchValues(listener: (values: T) => void) {
    this.valueListeners.add(listener);
    return () => void this.valueListeners.delete(listener);
  }

  handleSubmit(onValid: (values: Output) => unknown, onInvalid?: (errors: FieldErrors<T>) => unknown) {
    return async (event?: { preventDefault?: () => void }) => {
      event?.preventDefault?.();
      this.patch({ submitting: true });
      this.notify();
      try {
        const result = await this.resolve();
        this.errors = result.errors;
        if (Object.keys(result.errors).length === 0) await onValid(result.values);
        else {
          if (this.options.shouldFocusError !== false) {
            const first = [...this.fields.keys()].find((name) => get(result.errors, name) !== undefined);
            if (first) this.focus(first);
          }
          await onInvalid?.(result.errors as FieldErrors<T>);
        }
      } finally {
        this.patch({ submitting: false, submitted: true });
        this.notify();
      }
    };
  }
}

/** What a form's fields and hooks hold on to. */
export interface Control<T extends FieldValues = FieldValues> {
  /** @internal */
  store: FormStore<T, unknown>;
}

export interface UseFormReturn<T extends FieldValues, Output = T> {
  control: Control<T>;
  formState: FormStateSnapshot<T>;
  handleSubmit: (
    onValid: (values: Output) => unknown,
    onInvalid?: (errors: FieldErrors<T>) => unknown,
  ) => (event?: { preventDefault?: () => void }) => Promise<void>;
  getValues: {
    (): T;
    <N extends FieldPath<T>>(name: N): FieldPathValue<T, N>;
  };
  setValue: <N extends FieldPath<T>>(name: N, value: FieldPathValue<T, N>, options?: SetValueOptions) => void;
  /** Puts a message under a field (the server's findings): a field path, or `root` for the form as a whole. */
  setError: (name: string, error: { type?: string; message?: string }, options?: { shouldFocus?: boolean }) => void;
  clearErrors: (name?: FieldPath<T>) => void;
  setFocus: (name: FieldPath<T>) => void;
  trigger: (name?: FieldPath<T>) => Promise<boolean>;
  reset: (values?: Partial<T>) => void;
  resetField: (name: FieldPath<T>) => void;
  /** Calls back with the form's values on every change; returns the unsubscribe. */
  subscribe: (options: { formState: { values: true }; callback: (state: { values: T }) => void }) => () => void;
}

export type UseFormSetError<T extends FieldValues> = UseFormReturn<T>['setError'];

export function useForm<T extends FieldValues, _Context = unknown, Output = T>(
  options: UseFormOptions<T, Output> = {},
): UseFormReturn<T, Output> {
  const [form] = useState(() => {
    const store = new FormStore<T, Output>(options);
    const control: Control<T> = { store: store };
    const methods: UseFormReturn<T, Output> = {
      // Read when used: the object itself stays the same from render to render, as react-hook-form's (effects and
      // callbacks that depend on the form run once, not on every redraw).
      get formState() {
        return store.state;
      },
      control,
      handleSubmit: (onValid, onInvalid) => store.handleSubmit(onValid, onInvalid),
      getValues: ((name?: string) => (name === undefined ? store.values : get(store.values, name))) as UseFormReturn<
        T,
        Output
      >['getValues'],
      setValue: (name, value, setOptions) => store.setValue(name, value, setOptions),
      setError: (name, error, errorOptions) =>
        store.setError(name, { type: error.type ?? 'manual', message: error.message }, errorOptions?.shouldFocus),
      clearErrors: (name) => store.clearErrors(name),
      setFocus: (name) => store.focus(name),
      trigger: (name) => store.validate(name),
      reset: (values) => store.reset(values),
      resetField: (name) => store.resetField(name),
      subscribe: ({ callback }) => store.watchValues((values) => callback({ values })),
    };
    return { store, methods };
  });
  // The form's own component redraws when its errors, dirtiness or submission change, not on every keystroke.
  useSyncExternalStore(form.store.subscribe, () => form.store.state);
  return form.methods;
}

// ---------- Hooks of the fields ----------

type FieldSnapshot = [value: unknown, error: FieldError | undefined, isTouched: boolean];

export interface ControllerRenderProps<V = unknown> {
  name: string;
  value: V;
  onChange: (eventOrValue: unknown) => void;
  onBlur: () => void;
  ref: (element: { focus?: () => void } | null) => void;
  disabled?: boolean;
}
export interface ControllerFieldState {
  error?: FieldError;
  invalid: boolean;
  isTouched: boolean;
}

/** The value a change event carries (a checkbox's state, an input's text), or the value itself. */
function eventValue(eventOrValue: unknown): unknown {
  const target = (eventOrValue as { target?: { type?: string; checked?: boolean; value?: unknown } } | null)?.target;
  if (eventOrValue === null || typeof eventOrValue !== 'object' || !target || typeof target !== 'object')
    return eventOrValue;
  return target.type === 'checkbox' ? target.checked : target.value;
}

export function useController<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  name,
  control,
}: {
  name: N;
  control: Control<T>;
}): {
  field: ControllerRenderProps<FieldPathValue<T, N>>;
  fieldState: ControllerFieldState;
} {
  const { store } = control;
  useState(() => store.register(name));
  // One snapshot per field, new only when its value, error or touched state is: the other fields' changes redraw nothing.
  const last = useRef<FieldSnapshot | null>(null);
  const read = () => {
    const next: FieldSnapshot = [
      get(store.values, name),
      get(store.errors, name) as FieldError | undefined,
      store.touched.has(name),
    ];
    const previous = last.current;
    if (previous && next.every((part, index) => Object.is(part, previous[index]))) return previous;
    return (last.current = next);
  };
  const [value, error, isTouched] = useSyncExternalStore(store.subscribe, read);
  const ref = useCallback(
    (element: { focus?: () => void } | null) => {
      const field = store.fields.get(name);
      if (field) field.ref = element;
      else store.fields.set(name, { ref: element });
    },
    [store, name],
  );
  useEffect(() => {
    if (!store.fields.has(name)) store.fields.set(name, { ref: null });
    return () => void store.fields.delete(name);
  }, [store, name]);
  const onChange = useCallback(
    (eventOrValue: unknown) => store.setValue(name, eventValue(eventOrValue)),
    [store, name],
  );
  const onBlur = useCallback(() => store.blur(name), [store, name]);
  return {
    field: { name, value: value as FieldPathValue<T, N>, onChange, onBlur, ref },
    fieldState: { error, invalid: error !== undefined, isTouched },
  };
}

export function Controller<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  name,
  control,
  render,
}: {
  name: N;
  control: Control<T>;
  render: (props: {
    field: ControllerRenderProps<FieldPathValue<T, N>>;
    fieldState: ControllerFieldState;
  }) => ReactElement;
}): ReactElement {
  return render(useController({ name, control }));
}

/** The value at `name`, redrawn when it changes. */
export function useWatch<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
}: {
  control: Control<T>;
  name: N;
}): FieldPathValue<T, N> {
  const { store } = control;
  return useSyncExternalStore(store.subscribe, () => get(store.values, name)) as FieldPathValue<T, N>;
}

/** The form's errors and state, redrawn when they change. */
export function useFormState<T extends FieldValues>({ control }: { control: Control<T> }): FormStateSnapshot<T> {
  const { store } = control;
  return useSyncExternalStore(store.subscribe, () => store.state);
}
