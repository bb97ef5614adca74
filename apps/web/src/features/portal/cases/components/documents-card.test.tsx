import { describe, expect, it } from 'vitest';
import { bacAttestationTitleKey } from './documents-card';

describe('bacAttestationTitleKey', () => {
  it("asks for the level below the training's stage, 'or more' where the school's rules say so (issue 28: data)", () => {
    const rules = (bacAttestationOrMore: boolean) => ({ holdsWorkshops: false, bacAttestationOrMore });
    expect(bacAttestationTitleKey({ formationEtape: 3, schoolRules: rules(true) })).toEqual({
      key: 'documents.bacTitleOrMore',
      level: 2,
    });
    expect(bacAttestationTitleKey({ formationEtape: 3, schoolRules: rules(false) })).toEqual({
      key: 'documents.bacTitle',
      level: 2,
    });
    expect(bacAttestationTitleKey({ formationEtape: 1, schoolRules: rules(true) })).toEqual({
      key: 'documents.bacTitleBase',
      level: 0,
    });
  });
});
