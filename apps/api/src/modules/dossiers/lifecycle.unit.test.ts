import { describe, expect, it } from 'vitest';
import { waitingForOf } from '../employers/employers.service.ts';
import {
  allowedActions,
  changedSteps,
  initialState,
  sheetOpenRefusal,
  transition,
  type DossierEvent,
  type DossierState,
} from './lifecycle.ts';

function run(state: DossierState, ...events: DossierEvent[]): DossierState {
  let current = state;
  for (const event of events) {
    const result = transition(current, event);
    if (!result.ok) throw new Error(`${event.type} refused: ${result.code} ${result.reason}`);
    current = result.state;
  }
  return current;
}

const toFunding: DossierEvent[] = [
  { type: 'sheetSubmitted', kind: 'f1ca' },
  { type: 'sheetSubmitted', kind: 'f1ce' },
  { type: 'firstContactDecided', decision: 'accept' },
  { type: 'termsRecorded' },
];

describe('dossier state machine', () => {
  it('starts at status 1 with the applicant first contact to do', () => {
    expect(initialState()).toEqual({ statut: 1, steps: { f1ca: 1 } });
  });

  it('walks the happy path to the signatures, one status and step change per event', () => {
    const afterF1ca = run(initialState(), { type: 'sheetSubmitted', kind: 'f1ca' });
    expect(afterF1ca).toEqual({ statut: 2, steps: { f1ca: 2, f1ce: 1 } });

    const afterF1ce = run(afterF1ca, { type: 'sheetSubmitted', kind: 'f1ce' });
    expect(afterF1ce).toEqual({ statut: 3, steps: { f1ca: 2, f1ce: 2 } });

    const accepted = run(afterF1ce, { type: 'firstContactDecided', decision: 'accept' });
    expect(accepted).toEqual({ statut: 4, steps: { f1ca: 3, f1ce: 3, modalites_re: 2 } });

    const terms = run(accepted, { type: 'termsRecorded' });
    expect(terms.statut).toBe(5);
    expect(terms.steps.modalites_re).toBe(3);

    const funded = run(terms, { type: 'fundingDecided', decision: 'accepted' });
    expect(funded.statut).toBe(7);
    expect(funded.steps).toMatchObject({ fra: 1, fre: 1 });

    // A draft moves nothing: the part stays to do, so the applicant's way to the sheet stays (SPEC 4, action buttons).
    const drafting = run(funded, { type: 'sheetSaved', kind: 'fra' });
    expect(drafting).toEqual(funded);

    // Sent, the part waits for the other one (2).
    const fraSent = run(drafting, { type: 'sheetSubmitted', kind: 'fra' });
    expect(fraSent.steps).toMatchObject({ fra: 2, fre: 1 });
    expect(fraSent.steps.cfa).toBeUndefined();
    expect(run(fraSent, { type: 'sheetSaved', kind: 'fre' })).toEqual(fraSent);

    const bothSent = run(fraSent, { type: 'sheetSubmitted', kind: 'fre' });
    expect(bothSent.steps).toMatchObject({ fra: 3, fre: 3, cfa: 2 });
    expect(changedSteps(fraSent, bothSent)).toEqual({ fra: 3, fre: 3, cfa: 2 });

    const prepared = run(bothSent, { type: 'contractPrepared' });
    expect(prepared.steps).toMatchObject({
      cfa: 3,
      signature_admissible: 1,
      signature_employeur: 1,
      signature_ecole: 1,
    });
    expect(changedSteps(bothSent, prepared)).toEqual({
      cfa: 3,
      signature_admissible: 1,
      signature_employeur: 1,
      signature_ecole: 1,
    });
  });

  it('refuses a first contact or a denied funding with status 6, and nothing moves afterwards', () => {
    const refused = run(initialState(), ...toFunding.slice(0, 2), { type: 'firstContactDecided', decision: 'refuse' });
    expect(refused.statut).toBe(6);
    expect(transition(refused, { type: 'sheetSaved', kind: 'f1ce' })).toMatchObject({ ok: false, code: 'CONFLICT' });

    const denied = run(initialState(), ...toFunding, { type: 'fundingDecided', decision: 'denied' });
    expect(denied.statut).toBe(6);
    expect(transition(denied, { type: 'fundingDecided', decision: 'accepted' })).toMatchObject({ ok: false });
  });

  it('keeps waiting on a stalled funding, which can be decided later', () => {
    const stalled = run(initialState(), ...toFunding, { type: 'fundingDecided', decision: 'stalled' });
    expect(stalled.statut).toBe(5);
    expect(run(stalled, { type: 'fundingDecided', decision: 'accepted' }).statut).toBe(7);
  });

  it('locks sent sheets and refuses sheets that are not open yet', () => {
    const sent = run(initialState(), { type: 'sheetSubmitted', kind: 'f1ca' });
    expect(transition(sent, { type: 'sheetSaved', kind: 'f1ca' })).toMatchObject({ ok: false, code: 'LOCKED' });
    expect(sheetOpenRefusal(initialState(), 'f1ce')).toMatchObject({ code: 'CONFLICT' });
    expect(sheetOpenRefusal(initialState(), 'fra')).toMatchObject({ code: 'CONFLICT' });
    expect(sheetOpenRefusal(initialState(), 'missions')).toMatchObject({ code: 'CONFLICT' });
    expect(sheetOpenRefusal(sent, 'f1ce')).toBeUndefined();
  });

  it('sends either part of the information sheet first, and locks a sent part', () => {
    const funded = run(initialState(), ...toFunding, { type: 'fundingDecided', decision: 'accepted' });
    const freSent = run(funded, { type: 'sheetSubmitted', kind: 'fre' });
    expect(freSent.steps).toMatchObject({ fra: 1, fre: 2 });
    expect(transition(freSent, { type: 'sheetSaved', kind: 'fre' })).toMatchObject({ ok: false, code: 'LOCKED' });
    expect(transition(freSent, { type: 'sheetSubmitted', kind: 'fre' })).toMatchObject({ ok: false, code: 'LOCKED' });
    // A part returned to its author (5) is open again, and its send ends the sheet when the other part is sent.
    const returned: DossierState = { ...freSent, steps: { ...freSent.steps, fra: 5 } };
    expect(sheetOpenRefusal(returned, 'fra')).toBeUndefined();
    expect(run(returned, { type: 'sheetSubmitted', kind: 'fra' }).steps).toMatchObject({ fra: 3, fre: 3, cfa: 2 });
    const done = run(freSent, { type: 'sheetSubmitted', kind: 'fra' });
    expect(sheetOpenRefusal(done, 'fra')).toMatchObject({ code: 'LOCKED' });
    expect(sheetOpenRefusal(done, 'fre')).toMatchObject({ code: 'LOCKED' });
  });

  it('answers ARCHIVED for every event on an archived dossier', () => {
    const archived: DossierState = { statut: 9, steps: { f1ca: 1 } };
    expect(transition(archived, { type: 'sheetSaved', kind: 'f1ca' })).toMatchObject({ ok: false, code: 'ARCHIVED' });
  });

  it('takes staff transitions only in their turn', () => {
    expect(transition(initialState(), { type: 'firstContactDecided', decision: 'accept' })).toMatchObject({
      ok: false,
      code: 'CONFLICT',
    });
    expect(transition(initialState(), { type: 'termsRecorded' })).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(transition(initialState(), { type: 'contractPrepared' })).toMatchObject({ ok: false, code: 'CONFLICT' });
    const terms = run(initialState(), ...toFunding);
    // Terms may be corrected until the employer answers.
    expect(run(terms, { type: 'termsRecorded' })).toEqual(terms);
  });

  it('tells the employer home who acts next', () => {
    const state = run(initialState(), { type: 'sheetSubmitted', kind: 'f1ca' });
    expect(waitingForOf(4, state)).toEqual({
      action: 'f1ce',
      actor: 'company',
      to: '/employeur/fiche-premier-contact/4',
    });
    expect(waitingForOf(4, run(state, { type: 'sheetSubmitted', kind: 'f1ce' }))).toMatchObject({
      action: 'firstContactReview',
      actor: 'staff',
    });
    const funding = run(initialState(), ...toFunding);
    expect(waitingForOf(4, funding)).toEqual({
      action: 'fundingValidation',
      actor: 'company',
      to: '/employeur/validation-financement/4',
    });
    const funded = run(funding, { type: 'fundingDecided', decision: 'accepted' });
    expect(waitingForOf(4, funded)).toEqual({
      action: 'fre',
      actor: 'company',
      to: '/employeur/fiche-renseignement/4',
    });
    // A draft leaves the part to do: still the company's turn.
    expect(waitingForOf(4, run(funded, { type: 'sheetSaved', kind: 'fre' }))).toMatchObject({ actor: 'company' });
    const freSent = run(funded, { type: 'sheetSubmitted', kind: 'fre' });
    expect(waitingForOf(4, freSent)).toEqual({ action: 'fra', actor: 'admissible', to: null });
    // The applicant sent first: the company's part is awaited.
    const fraSent = run(funded, { type: 'sheetSubmitted', kind: 'fra' });
    expect(waitingForOf(4, fraSent)).toMatchObject({ action: 'fre', actor: 'company' });
    expect(waitingForOf(4, run(fraSent, { type: 'sheetSubmitted', kind: 'fre' }))).toEqual({
      action: 'cfa',
      actor: 'staff',
      to: null,
    });
  });

  describe('back-office transitions (issue 10)', () => {
    const refused = (state: DossierState, event: DossierEvent, code = 'CONFLICT') =>
      expect(transition(state, event)).toMatchObject({ ok: false, code });
    const f1caSent = run(initialState(), { type: 'sheetSubmitted', kind: 'f1ca' });
    const review = run(f1caSent, { type: 'sheetSubmitted', kind: 'f1ce' });
    const funded = run(initialState(), ...toFunding, { type: 'fundingDecided', decision: 'accepted' });
    const bothSent = run(funded, { type: 'sheetSubmitted', kind: 'fra' }, { type: 'sheetSubmitted', kind: 'fre' });
    const prepared = run(bothSent, { type: 'contractPrepared' });
    const signed = run(prepared, { type: 'contractSigned' });
    const noContext = { missionsSubmitted: false, documentUploaded: false, reopenTo: null };

    it('returns the applicant first contact to status 1, and its new send comes back to where the case was', () => {
      const returned = run(f1caSent, { type: 'sheetReturned', kind: 'f1ca' });
      expect(returned).toEqual({ statut: 1, steps: { f1ca: 5, f1ce: 1 } });
      expect(sheetOpenRefusal(returned, 'f1ca')).toBeUndefined();
      expect(run(returned, { type: 'sheetSubmitted', kind: 'f1ca' })).toEqual(f1caSent);

      // At status 3 (both sent): the review waits for the applicant; the re-send brings the case back to 3, not 2.
      const atReview = run(review, { type: 'sheetReturned', kind: 'f1ca' });
      expect(atReview).toEqual({ statut: 1, steps: { f1ca: 5, f1ce: 2 } });
      refused(atReview, { type: 'firstContactDecided', decision: 'accept' });
      expect(run(atReview, { type: 'sheetSubmitted', kind: 'f1ca' })).toEqual(review);
      refused(atReview, { type: 'sheetReturned', kind: 'f1ca' });
    });

    it('returns the employer first contact at review only; the employer re-sends it to status 3', () => {
      refused(f1caSent, { type: 'sheetReturned', kind: 'f1ce' });
      const returned = run(review, { type: 'sheetReturned', kind: 'f1ce' });
      expect(returned).toEqual({ statut: 2, steps: { f1ca: 2, f1ce: 5 } });
      expect(run(returned, { type: 'sheetSubmitted', kind: 'f1ce' })).toEqual(review);
      // Both returned: the employer's send waits for the applicant's, which brings the review.
      const both = run(returned, { type: 'sheetReturned', kind: 'f1ca' });
      const employerFirst = run(both, { type: 'sheetSubmitted', kind: 'f1ce' });
      expect(employerFirst.statut).toBe(1);
      expect(run(employerFirst, { type: 'sheetSubmitted', kind: 'f1ca' })).toEqual(review);
      refused(run(review, { type: 'firstContactDecided', decision: 'accept' }), { type: 'sheetReturned', kind: 'f1ca' });
    });

    it('returns a part of the information sheet until the contract is prepared', () => {
      refused(funded, { type: 'sheetReturned', kind: 'fra' });
      const fraSent = run(funded, { type: 'sheetSubmitted', kind: 'fra' });
      expect(run(fraSent, { type: 'sheetReturned', kind: 'fra' }).steps).toMatchObject({ fra: 5, fre: 1 });
      // Both sent: the returned part is to do again, the other waits (2), the contract preparation waits for both.
      const returned = run(bothSent, { type: 'sheetReturned', kind: 'fre' });
      expect(returned.steps).toMatchObject({ fra: 2, fre: 5, cfa: 1 });
      expect(returned.statut).toBe(7);
      refused(returned, { type: 'contractPrepared' });
      expect(run(returned, { type: 'sheetSubmitted', kind: 'fre' })).toEqual(bothSent);
      refused(prepared, { type: 'sheetReturned', kind: 'fra' });
    });

    it('returns the missions once sent, and asks for a complement while they are open', () => {
      refused(f1caSent, { type: 'missionsComplementRequested' });
      refused(review, { type: 'sheetReturned', kind: 'missions', submitted: false });
      expect(run(review, { type: 'sheetReturned', kind: 'missions', submitted: true })).toEqual(review);
      expect(run(review, { type: 'missionsComplementRequested' })).toEqual(review);
      refused(prepared, { type: 'missionsComplementRequested' });
      refused(prepared, { type: 'sheetReturned', kind: 'missions', submitted: true });
    });

    it('prepares the contract only with both parts done, then signs, files, registers', () => {
      refused({ statut: 7, steps: { fra: 2, fre: 1, cfa: 2 } }, { type: 'contractPrepared' });
      refused(bothSent, { type: 'contractSigned' });
      expect(signed).toEqual({
        statut: 8,
        steps: { ...prepared.steps, signature_admissible: 3, signature_employeur: 3, signature_ecole: 3 },
      });
      refused(signed, { type: 'contractRegistered' });
      const filed = run(signed, { type: 'contractFiled' });
      expect(filed.statut).toBe(10);
      refused(filed, { type: 'contractFiled' });
      expect(run(filed, { type: 'contractRegistered' }).statut).toBe(11);
    });

    it('breaks a signed, filed or registered contract, directly or after a termination', () => {
      refused(prepared, { type: 'breakingStarted' });
      refused(prepared, { type: 'broken' });
      const filed = run(signed, { type: 'contractFiled' });
      const registered = run(filed, { type: 'contractRegistered' });
      for (const state of [signed, filed, registered]) {
        expect(run(state, { type: 'breakingStarted' }).statut).toBe(12);
        expect(run(state, { type: 'broken' }).statut).toBe(13);
      }
      const breaking = run(signed, { type: 'breakingStarted' });
      refused(breaking, { type: 'breakingStarted' });
      expect(run(breaking, { type: 'broken' })).toEqual({ ...breaking, statut: 13 });
    });

    it('archives from any status but 9 and reopens to the status it had', () => {
      for (const state of [initialState(), review, prepared, signed, { statut: 6, steps: {} }, { statut: 13, steps: {} }]) {
        const archived = run(state, { type: 'archived' });
        expect(archived).toEqual({ ...state, statut: 9 });
        expect(run(archived, { type: 'reopened', to: state.statut })).toEqual(state);
      }
      const archived = run(review, { type: 'archived' });
      refused(archived, { type: 'archived' }, 'ARCHIVED');
      refused(archived, { type: 'reopened', to: null });
      refused(archived, { type: 'reopened', to: 9 });
      refused(archived, { type: 'sheetReturned', kind: 'f1ca' }, 'ARCHIVED');
      refused(archived, { type: 'contractFiled' }, 'ARCHIVED');
      refused(review, { type: 'reopened', to: 3 });
    });

    it('reviews a document only when it is uploaded, on any case not archived', () => {
      expect(run(signed, { type: 'documentReviewed', uploaded: true })).toEqual(signed);
      refused(signed, { type: 'documentReviewed', uploaded: false });
      refused({ statut: 9, steps: {} }, { type: 'documentReviewed', uploaded: true }, 'ARCHIVED');
    });

    it('moves the signature steps as signers sign, accepts the case after the school, and sends a refusal back to staff', () => {
      const employer = run(prepared, { type: 'signerSigned', step: 'signature_employeur', done: true });
      expect(employer.steps).toMatchObject({ signature_employeur: 3, signature_admissible: 1 });
      const apprentice = run(employer, { type: 'signerSigned', step: 'signature_admissible', done: false });
      expect(apprentice.steps.signature_admissible).toBe(2);
      expect(run(apprentice, { type: 'signatureCompleted' })).toMatchObject({
        statut: 8,
        steps: { signature_employeur: 3, signature_admissible: 3, signature_ecole: 3 },
      });
      const refusedBySigner = run(employer, { type: 'signatureRefused' });
      expect(refusedBySigner.steps).toMatchObject({ cfa: 2, signature_employeur: 1, signature_admissible: 1, signature_ecole: 1 });
      expect(run(refusedBySigner, { type: 'contractPrepared' }).steps.cfa).toBe(3);
      refused(bothSent, { type: 'signatureCompleted' });
      refused(signed, { type: 'signerSigned', step: 'signature_ecole', done: true });
    });

    it('lists the actions and returnable sheets each state allows, by the same rules', () => {
      expect(allowedActions(initialState(), noContext)).toEqual({ actions: ['archive'], returnableSheets: [] });
      expect(allowedActions(review, { ...noContext, missionsSubmitted: true, documentUploaded: true })).toEqual({
        actions: ['first-contact', 'return', 'missions-complement', 'document-review', 'archive'],
        returnableSheets: ['f1ca', 'f1ce', 'missions'],
      });
      expect(allowedActions(bothSent, noContext)).toEqual({
        actions: ['return', 'missions-complement', 'contract-prepared', 'archive'],
        returnableSheets: ['fra', 'fre'],
      });
      // Prepared again (documents regenerated) while the signatures are under way: its own action, never the first
      // preparation a second time (issues 11 and 29).
      expect(allowedActions(prepared, noContext).actions).toEqual(['contract-prepared-again', 'signed', 'archive']);
      expect(transition(prepared, { type: 'contractPrepared' })).toMatchObject({ ok: false, code: 'CONTRACT_ALREADY_PREPARED' });
      expect(transition(bothSent, { type: 'contractPrepared', again: true })).toMatchObject({ ok: false, code: 'CONFLICT' });
      expect(transition(signed, { type: 'contractPrepared', again: true })).toMatchObject({ ok: false, code: 'CONFLICT' });
      expect(run(prepared, { type: 'contractPrepared', again: true }).steps).toMatchObject({ cfa: 3, signature_employeur: 1 });
      expect(allowedActions(signed, noContext).actions).toEqual(['filed', 'archive', 'breaking', 'broken']);
      const funding = run(initialState(), ...toFunding);
      expect(allowedActions(funding, noContext).actions).toEqual(['modalites', 'missions-complement', 'archive']);
      const archived = run(review, { type: 'archived' });
      expect(allowedActions(archived, noContext).actions).toEqual([]);
      expect(allowedActions(archived, { ...noContext, reopenTo: 3 }).actions).toEqual(['reopen']);
    });
  });
});
