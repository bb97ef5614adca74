import type { ReferenceItem } from '@passerelle/contract';
import { use } from 'react';
import type * as referenceLists from './reference-lists';

type Lists = typeof referenceLists;
export type ListName = keyof Lists;

let loading: Promise<Lists> | null = null;

/**
 * The reference lists arrive in their own file: the contract builds a zod enum beside each list, and that zod code
 * would otherwise weigh on every sheet screen. Asked for as soon as a sheet starts loading.
 */
export const loadLists = () => (loading ??= import('./reference-lists'));

/** The lists, suspending the first render until they are here. */
export function useLists(): Record<ListName, readonly ReferenceItem[]> {
  return use(loadLists());
}
