/**
 * What other modules, the demo loader and the jobs use of the signing flow (the lint lets a module reach another
 * through its service only). The flow itself lives by concern beside this file, each file importing only those listed
 * before it, never this one: procedure.ts (the procedure, how a signer sees it, the actions every method shares),
 * preparation.ts (the contract prepared, the signers named), completion.ts (sealing, the certificate of completion),
 * one-time-codes.ts (signing online), paper-scans.ts (signing on paper) and reminders.ts (the sweep).
 */
export { finalizeProcedure, runSealJob } from './completion.ts';
export { sendCode, sign } from './one-time-codes.ts';
export { uploadScan } from './paper-scans.ts';
export { cfaIdentityOf, prepareContract } from './preparation.ts';
export {
  cancelPendingProcedure,
  chooseMethod,
  getSignature,
  SEAL_JOB,
  signatureFlowDeps,
  staffSignatureOf,
  type FlowDeps,
} from './procedure.ts';
export { runSignatureSweep, signatureRemindersJob } from './reminders.ts';
