import { errorSummary } from '../../lib/logger.ts';
import { markJobDone } from '../notifications/notifications.service.ts';
import { appendSignatureEvent } from '../signing/signing.service.ts';
import { finalizeProcedure } from './completion.ts';
import { DAY_MS, iso, notifyTurn, type FlowDeps } from './procedure.ts';
import * as repo from './signature-flow.repo.ts';

// ---------- Reminders and expiry (job `signature-reminders`) ----------

export const signatureRemindersJob = 'signature-reminders';

/**
 * The sweep: pending procedures past SIGNATURE_EXPIRY_DAYS become expired (an action re-checks expiry at request time
 * anyway); a signer whose turn has lasted SIGNATURE_REMINDER_DAYS is reminded once per such period (a `job_marks` row
 * in the mail's transaction); a finished procedure whose seal failed is sealed again, each in its own try, the failures
 * counted.
 */
export async function runSignatureSweep(
  deps: FlowDeps,
  now = new Date(),
): Promise<{ expired: number; reminded: number; finalized: number; failed: number }> {
  const expired = await repo.expireDueProcedures(deps.db, now);
  for (const procedure of expired)
    await appendSignatureEvent(deps.db, {
      dossierId: procedure.dossierId,
      procedureId: procedure.id,
      type: 'procedure.expired',
      payload: { expiresAt: iso(procedure.expiresAt) },
      at: now,
    });
  const periodMs = deps.config.SIGNATURE_REMINDER_DAYS * DAY_MS;
  let reminded = 0;
  for (const { procedure, signer, admissibleUserId } of await repo.findWaitingTurns(deps.db, new Date(now.getTime() - periodMs))) {
    if (!signer.notifiedAt) continue;
    const period = Math.floor((now.getTime() - signer.notifiedAt.getTime()) / periodMs);
    const key = `${signer.id}:${signer.notifiedAt.toISOString()}:${period}`;
    const sent = await deps.db.transaction(async (tx) => {
      if (!(await markJobDone(tx, signatureRemindersJob, key))) return false;
      await notifyTurn(tx, deps, { id: procedure.dossierId, admissibleUserId }, procedure, signer, now, deps.config.SIGNATURE_REMINDER_DAYS);
      return true;
    });
    if (sent) reminded += 1;
  }
  let finalized = 0;
  let failed = 0;
  // Each case on its own: one that fails (a refused PDF, recorded for staff; anything else, tried again next hour)
  // stops no other.
  for (const { dossierId } of await repo.findUnfinalized(deps.db)) {
    try {
      const outcome = await finalizeProcedure(deps, dossierId);
      if (outcome === 'sealed') finalized += 1;
      if (outcome === 'refused') failed += 1;
    } catch (err) {
      failed += 1;
      deps.log?.error({ event: 'signature.seal_failed', dossierId, err: errorSummary(err) }, 'sealing a signed contract failed');
    }
  }
  return { expired: expired.length, reminded, finalized, failed };
}
