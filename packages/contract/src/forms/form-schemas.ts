import type { z } from 'zod';
import { loginLinkBody } from '../auth.ts';
import { trackingBody } from '../portal.ts';
import { smicRateForm } from '../rules/smic.ts';
import {
  dossierTermsBody,
  f1caDraft,
  f1ceDraft,
  firstContactDecisionBody,
  fraDraft,
  freDraft,
  fundingValidationBody,
  missionsDraft,
} from '../sheets.ts';
import { manualSignatureDecisionBody } from '../signing.ts';
import {
  archiveBody,
  contractEndBody,
  documentReviewBody,
  markFiledBody,
  markRegisteredBody,
  markSignedBody,
  missionsComplementBody,
  returnSheetBody,
} from '../staff.ts';
import { inviteStaffBody } from '../staff-accounts.ts';
import { formationBody, schoolBody } from '../staff-formations.ts';
import { offerBody } from '../staff-offers.ts';
import { workshopBody } from '../staff-workshops.ts';

/**
 * The schemas the browser checks, by the module of the format table that holds them (`forms/formats/<group>.ts`, one
 * per set of screens, so that a screen downloads its own formats only) and the name the table exports them under (the
 * schema's own).
 */
export const formSchemas: Record<string, Record<string, z.core.$ZodType>> = {
  sheets: { f1caDraft, f1ceDraft, missionsDraft, fraDraft, freDraft },
  funding: { fundingValidationBody },
  'staff-case': {
    dossierTermsBody,
    firstContactDecisionBody,
    manualSignatureDecisionBody,
    returnSheetBody,
    missionsComplementBody,
    documentReviewBody,
    markSignedBody,
    markFiledBody,
    markRegisteredBody,
    archiveBody,
    contractEndBody,
  },
  tracking: { trackingBody },
  auth: { loginLinkBody },
  'staff-accounts': { inviteStaffBody },
  'staff-formations': { formationBody, schoolBody },
  'staff-workshops': { workshopBody },
  'staff-offers': { offerBody },
  smic: { smicRateForm },
};
