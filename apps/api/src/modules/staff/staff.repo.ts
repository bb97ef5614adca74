import type { DossierTerms } from '@passerelle/contract';
import type { Tx } from '../../db/client.ts';
import { dossierTerms } from '../../db/schema/index.ts';

export async function upsertTermsOf(tx: Tx, dossierId: number, terms: DossierTerms, recordedBy: number): Promise<void> {
  const values = { data: terms, recordedBy, recordedAt: new Date() };
  await tx
    .insert(dossierTerms)
    .values({ dossierId, ...values })
    .onConflictDoUpdate({ target: dossierTerms.dossierId, set: values });
}
