import { ruleError } from './issue.ts';
import type { RuleIssue } from './issue.ts';

/** Weekly working time may reach 40 h in some sectors, never more (DOMAIN 1.3). */
export const maxWeeklyHours = 40;

export type WeeklyHours = { heures: number | null | undefined; minutes?: number | null | undefined };

export function checkWeeklyHours(
  { heures, minutes }: WeeklyHours,
  paths = { heures: 'contrat.dureeTravailHebdoHeures', minutes: 'contrat.dureeTravailHebdoMinutes' },
): RuleIssue[] {
  if (heures === null || heures === undefined) return [];
  const issues: RuleIssue[] = [];
  const minuteValue = minutes ?? 0;
  if (!Number.isInteger(heures) || heures < 0) issues.push(ruleError(paths.heures, 'working_time.hours_invalid'));
  if (!Number.isInteger(minuteValue) || minuteValue < 0 || minuteValue > 59) {
    issues.push(ruleError(paths.minutes, 'working_time.minutes_invalid'));
  }
  if (issues.length > 0) return issues;
  if (heures > maxWeeklyHours || (heures === maxWeeklyHours && minuteValue > 0)) {
    return [ruleError(paths.heures, 'working_time.over_limit', { max: maxWeeklyHours })];
  }
  if (heures === 0 && minuteValue === 0) return [ruleError(paths.heures, 'working_time.zero')];
  return [];
}
