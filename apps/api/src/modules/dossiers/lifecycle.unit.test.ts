import { describe, expect, it } from 'vitest';
import { waitingForOf } from '../employers/employers.service.ts';
import {
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
});
