import { fundingValidationBody } from '@passerelle/contract/sheets';
import { zodResolver } from '../../components/form/zod-resolver';

/** The funding form's validation (the contract's schema, through zod), loaded with the first check. */
export const fundingResolver = zodResolver(fundingValidationBody);
