import { saveSurveyBody, surveyQuestions } from '@passerelle/contract';
import { describe, expect, it } from 'vitest';
import { renderSurveyInvitation } from './survey-mails.ts';
import { csvCell } from '../../lib/csv-write.ts';

const link = { url: 'https://cfa.example/sondage/signature/7?t=abc', validitySeconds: 72 * 3600 };

describe('survey invitation mail', () => {
  it('carries the personal link in both languages, and the applicant name only for the company', () => {
    const fr = renderSurveyInvitation('fr-FR', { etape: 'signature', dossierId: 7, who: '', link });
    const en = renderSurveyInvitation('en-US', { etape: 'signature', dossierId: 7, who: 'Léa Martin', link });
    expect(fr.subject).toBe("Trois minutes pour nous dire comment cela s'est passé — dossier n° 7");
    expect(en.subject).toBe('Three minutes to tell us how it went — case no. 7 (Léa Martin)');
    for (const mail of [fr, en]) {
      expect(mail.text).toContain(link.url);
      expect(mail.html).toContain(link.url);
    }
    expect(en.text).toContain('3 days');
    expect(fr.text).toContain('est signé');
  });

  it('speaks of the step staff chose', () => {
    const integration = renderSurveyInvitation('en-US', { etape: 'integration', dossierId: 7, who: '', link });
    const end = renderSurveyInvitation('fr-FR', { etape: 'fin_contrat', dossierId: 7, who: '', link });
    expect(integration.text).toContain('how the onboarding went');
    expect(integration.text).not.toContain('is signed');
    expect(end.text).toContain('arrive à son terme');
  });
});

describe('survey CSV cells', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('simple')).toBe('simple');
    expect(csvCell(4)).toBe('4');
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('il a dit "oui"')).toBe('"il a dit ""oui"""');
    expect(csvCell('deux\nlignes')).toBe('"deux\nlignes"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+33 6')).toBe("'+33 6");
  });
});

describe('survey body', () => {
  it('has three pages of known questions and checks each answer by type', () => {
    expect(new Set(surveyQuestions.map((q) => q.page))).toEqual(new Set([1, 2, 3]));
    expect(saveSurveyBody.safeParse({ page: 2, answers: { accompagnement: 5, recommandation: 'non' } }).success).toBe(
      true,
    );
    const bad = saveSurveyBody.safeParse({ page: 2, answers: { accompagnement: 0, recommandation: 'jamais' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['answers.accompagnement', 'survey.scale_range'],
      ['answers.recommandation', 'survey.unknown_option'],
    ]);
  });
});
