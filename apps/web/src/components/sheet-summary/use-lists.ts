import type { ReferenceItem } from '@passerelle/contract';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import type * as referenceLists from './reference-lists';

export type ListName = keyof typeof referenceLists;
export type ReferenceLists = Record<ListName, readonly ReferenceItem[]>;

let french: Promise<ReferenceLists> | null = null;
let english: Promise<ReferenceLists> | null = null;

/**
 * The reference lists arrive in their own file: the contract builds a zod enum beside each list, and that zod code
 * would otherwise weigh on every sheet screen. Their labels are the CERFA's French wording.
 */
const loadFrench = () => (french ??= import('./reference-lists'));

/** The English labels are one more file, fetched only by the people who read English. */
const loadEnglish = () =>
  (english ??= Promise.all([import('./reference-lists'), import('./reference-lists.en')]).then(
    ([lists, { inEnglish }]) => inEnglish(lists),
  ));

const isEnglish = (language: string | undefined) => language?.startsWith('en') ?? false;

/** The lists in `language` (by default the page's), asked for as soon as a sheet starts loading. */
export const loadLists = (language: string | undefined = i18n.language) =>
  isEnglish(language) ? loadEnglish() : loadFrench();

/**
 * The lists in the page's language, suspending the first render until they are here (and once more the first time
 * the person switches to English). The promises are kept, so `use` gets the same one on every render.
 */
export function useLists(): ReferenceLists {
  const { language } = useTranslation().i18n;
  return use(loadLists(language));
}
