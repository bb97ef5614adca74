import type { ErrorParams, SheetData, SheetKind, SheetResponse } from '@passerelle/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { get, set, useForm, type FieldErrors, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { checkSheetBeforeSend, finishSheet, saveSheet, sheetQueryKey, sheetQueryOptions } from '../api/sheets';
import { loadLists } from '../../../components/sheet-summary/use-lists';
import { fieldMessage } from './messages';
import { valueAt } from './contract-mirrors';
import { clearLocalDraft, fingerprint, readLocalDraft, readTypedNir, withoutNir, writeLocalDraft, writeTypedNir } from './draft-storage';

export type SheetValues = Record<string, unknown>;

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  /** Network or server failure: a new try is scheduled. */
  | { kind: 'retrying' }
  /** Some fields are malformed: the rest is saved, the malformed ones wait for a fix (kept in this browser). */
  | { kind: 'invalid' };

export interface FieldIssue {
  path: string;
  message: string;
}

export const AUTOSAVE_DELAY_MS = 800;
const NIR_PATH: string = 'apprenti.nir';
/** The sheets holding the applicant's NIR. */
const nirKinds: ReadonlySet<SheetKind> = new Set(['f1ca', 'fra']);
const RETRY_DELAYS_MS = [3_000, 10_000, 30_000, 60_000];

/** The validation code (zod and the contract's schemas) arrives with the first check, not with the screen. */
const loadValidation = () => import('./validation');

/**
 * A check of the page's own beyond the draft schema, from data the page loaded (the minimum pay of each period): its
 * findings as rule codes with their parameters, under their fields.
 */
export type ClientRule = (values: SheetValues) => { path: string; code: string; params?: Record<string, string | number> }[];

/**
 * Like `contractResolver`, with the sheet's draft schema and the page's own rules; the contract's rule codes come with
 * their parameters ("{length} characters"), so they are put into words here, in the page's language.
 */
function sheetResolver(kind: SheetKind, serverErrors: Map<string, ServerError>, rules: Map<string, ClientRule>): Resolver<FieldValues> {
  return async (values) => {
    const result = (await loadValidation()).checkSheet(kind, values, i18n.language);
    const errors: FieldErrors = {};
    if ('issues' in result)
      for (const issue of result.issues) set(errors, issue.path, { type: 'validation', message: fieldMessage(issue.message, i18n.language, issue.params) });
    for (const rule of rules.values())
      for (const issue of rule(values))
        if (!get(errors, issue.path)) set(errors, issue.path, { type: 'rule', message: fieldMessage(issue.code, i18n.language, issue.params) });
    // The server's findings stay under their fields until the person changes the value (a blur alone re-validates).
    for (const [path, error] of serverErrors) {
      if (fingerprint(valueAt(values, path)) !== error.value) serverErrors.delete(path);
      else if (!get(errors, path)) set(errors, path, { type: 'server', message: error.message });
    }
    if ('data' in result && Object.keys(errors).length === 0) return { values: result.data, errors: {} };
    return { values: {}, errors };
  };
}

interface ServerError {
  message: string;
  /** Fingerprint of the value the server judged. */
  value: string;
}

/** Leaf messages of the form's nested errors, as dotted paths in form order. */
export function flattenErrors(errors: FieldErrors, prefix = ''): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) issues.push({ path, message });
    else issues.push(...flattenErrors(value as FieldErrors, path));
  }
  return issues;
}

export interface UseSheetOptions {
  /** Shows the part of the page holding a field (the information sheet's steps) before focusing it. */
  revealField?: (path: string) => void;
}

export interface UseSheetResult<K extends SheetKind> {
  query: ReturnType<typeof useQuery<SheetResponse<K>>>;
  sheet: SheetResponse<K> | undefined;
  form: UseFormReturn<SheetValues>;
  /** True once the form holds the server's data (or the restored local copy). */
  isReady: boolean;
  readOnly: boolean;
  saveState: SaveState;
  /** The form was restored from this browser's unsent copy. */
  wasRestored: boolean;
  /** Saves now if anything changed (blur, leaving the page). */
  flush: () => Promise<void>;
  /**
   * Validates the sheet as the send would (the form's checks, then the server's dry run): resolves true when it can be
   * sent; otherwise every error is under its field, the summary shows and the first field to fix has the focus.
   */
  check: () => Promise<boolean>;
  isChecking: boolean;
  /** Validates and sends; resolves true when the sheet is submitted. */
  finish: () => Promise<boolean>;
  isFinishing: boolean;
  /** A failure of the final send that no field explains. */
  finishError: unknown;
  /** Set after a refused submit: the error summary shows from then on. */
  showSummary: boolean;
  focusField: (path: string) => void;
  /** Puts a fresh server answer in place (after an upload, for instance). */
  replaceSheet: (next: SheetResponse<K>) => void;
  /** The page's own rules by name, checked with the draft schema (set and deleted by the page). */
  rules: Map<string, ClientRule>;
}

/**
 * One sheet of a dossier as a form: loads it, autosaves it (debounced PUT of the whole form, and on blur or when
 * the page is hidden), keeps an unsent copy in this browser (never the NIR) that comes back after a closed tab or an
 * expired session, shows the server's errors under the fields and submits it.
 */
export function useSheet<K extends SheetKind>(kind: K, id: number, options: UseSheetOptions = {}): UseSheetResult<K> {
  const queryClient = useQueryClient();
  // The lists of the selects load beside the sheet, not after it.
  void loadLists();
  const query = useQuery(sheetQueryOptions(kind, id));
  const sheet = query.data;
  const [serverErrors] = useState(() => new Map<string, ServerError>());
  const [rules] = useState(() => new Map<string, ClientRule>());
  const resolver = useMemo(() => sheetResolver(kind, serverErrors, rules), [kind, serverErrors, rules]);
  const form = useForm<SheetValues>({ resolver, mode: 'onTouched', shouldFocusError: true });

  const [isReady, setReady] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [wasRestored, setRestored] = useState(false);
  const [isFinishing, setFinishing] = useState(false);
  const [isChecking, setChecking] = useState(false);
  const [finishError, setFinishError] = useState<unknown>(null);
  const [showSummary, setShowSummary] = useState(false);

  const readOnly = sheet ? sheet.readOnly || sheet.status === 'submitted' : true;
  const readOnlyRef = useRef(readOnly);
  const optionsRef = useRef(options);
  const saveRef = useRef<() => Promise<void>>(() => Promise.resolve());

  /** Fingerprint of the values last handed to the server. */
  const lastSent = useRef('');
  /** Fingerprint of the server's data (NIR left out) the local copy builds on. */
  const base = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retries = useRef(0);
  const inFlight = useRef<Promise<void> | null>(null);
  const initialisedFor = useRef<string | null>(null);
  /** The NIR the server holds for this sheet (f1ca, fra): a different one typed is kept in this tab until saved. */
  const serverNir = useRef<unknown>(undefined);

  const replaceSheet = useCallback(
    (next: SheetResponse<K>) => queryClient.setQueryData(sheetQueryKey(kind, id), next),
    [queryClient, kind, id],
  );

  const focusField = useCallback(
    (path: string) => {
      optionsRef.current.revealField?.(path);
      // The step holding the field mounts with the next render.
      setTimeout(() => {
        try {
          form.setFocus(path);
        } catch {
          // Fields without a focusable input (read-only blocks) are skipped.
        }
        const element = document.getElementById(fieldId(path));
        if (element && document.activeElement !== element && !element.contains(document.activeElement)) element.focus();
      }, 0);
    },
    [form],
  );

  /** The server's findings under their fields, put into words with the values they show (`{date}`). */
  const applyServerErrors = useCallback(
    (errors: Record<string, string[]>, params: ErrorParams = {}): string | undefined => {
      let first: string | undefined;
      for (const [path, messages] of Object.entries(errors)) {
        const code = messages[0];
        if (!code) continue;
        const message = fieldMessage(code, i18n.language, params[path]?.[code]) ?? code;
        serverErrors.set(path, { message, value: fingerprint(valueAt(form.getValues(), path)) });
        form.setError(path, { type: 'server', message });
        first ??= path;
      }
      return first;
    },
    [form, serverErrors],
  );

  // The form starts from the server's data, or from this browser's unsent copy when it builds on that same data.
  useEffect(() => {
    if (!sheet) return;
    const key = `${kind}:${id}:${sheet.readOnly ? 'ro' : 'rw'}:${sheet.status}`;
    if (initialisedFor.current === key) return;
    const isFirst = initialisedFor.current === null;
    initialisedFor.current = key;
    const serverData = sheet.data as SheetValues;
    base.current = fingerprint(withoutNir(serverData));
    lastSent.current = fingerprint(serverData);
    const local = readLocalDraft(kind, id);
    const isLocked = sheet.readOnly || sheet.status === 'submitted';
    if (isFirst && local && !isLocked && local.base === base.current && fingerprint(local.data) !== base.current) {
      const nir = (serverData['apprenti'] as SheetValues | undefined)?.['nir'];
      const restored =
        nir === undefined ? local.data : { ...local.data, apprenti: { ...(local.data['apprenti'] as SheetValues | undefined), nir } };
      form.reset(restored);
      setRestored(true);
      timer.current = setTimeout(() => void saveRef.current(), 0);
    } else {
      if (local) clearLocalDraft(kind, id);
      form.reset(serverData);
    }
    serverNir.current = valueAt(serverData, NIR_PATH);
    const typedNir = readTypedNir(kind, id);
    if (typedNir !== null && (isLocked || typedNir === serverNir.current)) writeTypedNir(kind, id, null);
    else if (typedNir !== null) {
      // What the person typed and the server could not take comes back, with what is wrong with it.
      form.setValue(NIR_PATH, typedNir);
      void form.trigger(NIR_PATH).then((isValid) => {
        if (isValid) timer.current = setTimeout(() => void saveRef.current(), 0);
        else setSaveState({ kind: 'invalid' });
      });
    }
    setReady(true);
  }, [sheet, kind, id, form]);

  /** The local copy leaves the NIR out: one typed and not (yet) held by the server stays in this tab's session storage. */
  const keepTypedNir = useCallback(
    (values: SheetValues) => {
      if (!nirKinds.has(kind)) return;
      const typed = valueAt(values, NIR_PATH);
      writeTypedNir(kind, id, typeof typed === 'string' && typed !== '' && typed !== serverNir.current ? typed : null);
    },
    [kind, id],
  );

  const scheduleRetry = useCallback(() => {
    const delay = RETRY_DELAYS_MS[Math.min(retries.current, RETRY_DELAYS_MS.length - 1)] ?? 60_000;
    retries.current += 1;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveRef.current(), delay);
  }, []);

  const save = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (readOnlyRef.current || initialisedFor.current === null) return;
    if (inFlight.current) {
      await inFlight.current;
      return saveRef.current();
    }
    const values = form.getValues();
    const sent = fingerprint(values);
    if (sent === lastSent.current) return;
    const { data, isPartial } = (await loadValidation()).savableData(kind, values);
    const run = (async () => {
      setSaveState({ kind: 'saving' });
      try {
        const next = await saveSheet<K>(kind, id, data as SheetData<K>);
        retries.current = 0;
        lastSent.current = sent;
        base.current = fingerprint(withoutNir(next.data));
        serverNir.current = valueAt(next.data, NIR_PATH);
        keepTypedNir(form.getValues());
        replaceSheet({ ...next });
        // Nothing typed since the request left, and all of it saved: the local copy has served its purpose.
        if (!isPartial && fingerprint(form.getValues()) === sent) clearLocalDraft(kind, id);
        else writeLocalDraft(kind, id, { data: form.getValues(), base: base.current, savedAt: Date.now() });
        setSaveState(isPartial ? { kind: 'invalid' } : { kind: 'saved', at: new Date() });
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'LOCKED' || error.status === 409)) {
          clearLocalDraft(kind, id);
          setSaveState({ kind: 'idle' });
          await query.refetch();
        } else if (error instanceof ApiError && error.status === 400 && Object.keys(error.errors).length > 0) {
          lastSent.current = sent;
          applyServerErrors(error.errors, error.params);
          setSaveState({ kind: 'invalid' });
        } else if (error instanceof ApiError && error.status === 401) {
          // Signed out: the local copy waits for the person to come back with a new link.
          setSaveState({ kind: 'retrying' });
        } else {
          setSaveState({ kind: 'retrying' });
          scheduleRetry();
        }
      }
    })();
    inFlight.current = run;
    try {
      await run;
    } finally {
      inFlight.current = null;
    }
  }, [form, kind, id, replaceSheet, applyServerErrors, query, scheduleRetry, keepTypedNir]);
  // Timers and listeners call the latest save with the latest options.
  useLayoutEffect(() => {
    readOnlyRef.current = readOnly;
    optionsRef.current = options;
    saveRef.current = save;
  });

  // Every change: the local copy at once, the server after a pause in typing.
  useEffect(() => {
    if (!isReady || readOnly) return;
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        keepTypedNir(values);
        if (fingerprint(values) === lastSent.current) return;
        writeLocalDraft(kind, id, { data: values, base: base.current, savedAt: Date.now() });
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void saveRef.current(), AUTOSAVE_DELAY_MS);
      },
    });
  }, [isReady, readOnly, form, kind, id, keepTypedNir]);

  // Leaving the page or the tab: save what is pending now rather than after the pause.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void saveRef.current();
    };
    const onPageHide = () => void saveRef.current();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      clearTimeout(timer.current);
      void saveRef.current();
    };
  }, []);

  const flush = useCallback(() => saveRef.current(), []);

  /** A refused send or dry run: the errors under their fields and in the summary; false. */
  const showRefusal = useCallback(
    async (error: unknown): Promise<false> => {
      if (error instanceof ApiError && (error.code === 'LOCKED' || error.status === 409)) {
        clearLocalDraft(kind, id);
        writeTypedNir(kind, id, null);
        await query.refetch();
        setFinishError(error);
        return false;
      }
      // 429 too: past the invitations an applicant may send a day, the refusal stands under the contact's address.
      if (error instanceof ApiError && (error.status === 400 || error.status === 429) && Object.keys(error.errors).length > 0) {
        const first = applyServerErrors(error.errors, error.params);
        setShowSummary(true);
        if (first) focusField(first);
        return false;
      }
      setFinishError(error);
      return false;
    },
    [kind, id, query, applyServerErrors, focusField],
  );

  /**
   * The browser's own checks, after the pending autosave: false, with the summary shown and the first field focused,
   * when any field is wrong. The server's earlier findings are cleared: it judges the sheet again, and a finding that
   * hangs on another field (dates and salary) may be gone.
   */
  const passesOwnChecks = useCallback(async (): Promise<boolean> => {
    setFinishError(null);
    clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current;
    serverErrors.clear();
    if (await form.trigger()) return true;
    setShowSummary(true);
    const first = flattenErrors(form.formState.errors)[0];
    if (first) focusField(first.path);
    return false;
  }, [form, focusField, serverErrors]);

  const check = useCallback(async (): Promise<boolean> => {
    if (!(await passesOwnChecks())) return false;
    setChecking(true);
    try {
      const { data } = (await loadValidation()).savableData(kind, form.getValues());
      await checkSheetBeforeSend<K>(kind, id, data as SheetData<K>);
      return true;
    } catch (error) {
      return showRefusal(error);
    } finally {
      setChecking(false);
    }
  }, [form, kind, id, passesOwnChecks, showRefusal]);

  const finish = useCallback(async (): Promise<boolean> => {
    if (!(await passesOwnChecks())) return false;
    setFinishing(true);
    try {
      const { data } = (await loadValidation()).savableData(kind, form.getValues());
      const next = await finishSheet<K>(kind, id, data as SheetData<K>);
      clearLocalDraft(kind, id);
      writeTypedNir(kind, id, null);
      lastSent.current = fingerprint(form.getValues());
      replaceSheet(next);
      setShowSummary(false);
      return true;
    } catch (error) {
      return showRefusal(error);
    } finally {
      setFinishing(false);
    }
  }, [form, kind, id, replaceSheet, passesOwnChecks, showRefusal]);

  return {
    query,
    sheet,
    form,
    isReady,
    readOnly,
    saveState,
    wasRestored,
    flush,
    check,
    isChecking,
    finish,
    isFinishing,
    finishError,
    showSummary,
    focusField,
    replaceSheet,
    rules,
  };
}

/** The DOM id of a field's input, from its dotted path: the error summary links to it. */
export const fieldId = (path: string) => `field-${path.replaceAll('.', '-')}`;
