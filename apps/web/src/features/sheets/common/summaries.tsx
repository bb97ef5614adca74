import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SheetWarnings } from '@passerelle/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from './messages';
import { fieldId, type FieldIssue } from './use-sheet';

/** The summaries' lists: each item a link in the message's own colour, underlined (as MUI's Link color="inherit"). */
const listSx = { '& ul': { m: 0, pl: 2.5 }, '& a': { color: 'inherit' } } as const;

/**
 * The error summary at the top of a refused form (GOV.UK pattern): each problem links to its field. Fields of
 * blocks the person does not see keep their path as a label.
 */
export function ErrorSummary({
  issues,
  labels,
  onSelect,
}: {
  issues: FieldIssue[];
  labels: Map<string, string>;
  onSelect: (path: string) => void;
}) {
  const { t, i18n } = useTranslation('sheets');
  if (issues.length === 0) return null;
  return (
    <Alert severity="error" variant="outlined" role="alert" sx={listSx}>
      <AlertTitle>{t('summary.errorsTitle', { count: issues.length })}</AlertTitle>
      <ul>
        {issues.map((issue) => (
          <li key={issue.path}>
            <a
              href={`#${fieldId(issue.path)}`}
              onClick={(event) => {
                event.preventDefault();
                onSelect(issue.path);
              }}
            >
              {t('summary.item', { label: labels.get(issue.path) ?? issue.path, message: fieldMessage(issue.message, i18n.language) })}
            </a>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** Non-blocking findings of the server (missing NIR, a short contract): the person may go on. */
export function WarningsSummary({
  warnings,
  labels,
  onSelect,
}: {
  warnings: SheetWarnings;
  labels: Map<string, string>;
  onSelect: (path: string) => void;
}) {
  const { t, i18n } = useTranslation('sheets');
  const entries = Object.entries(warnings).flatMap(([path, issues]) => issues.map((issue) => ({ path, issue })));
  if (entries.length === 0) return null;
  return (
    <Alert severity="warning" sx={listSx}>
      <AlertTitle>{t('summary.warningsTitle')}</AlertTitle>
      <ul>
        {entries.map(({ path, issue }) => (
          <li key={`${path}:${issue.code}`}>
            <a
              href={`#${fieldId(path)}`}
              onClick={(event) => {
                event.preventDefault();
                onSelect(path);
              }}
            >
              {labels.has(path)
                ? t('summary.item', { label: labels.get(path), message: fieldMessage(issue.code, i18n.language, issue.params) })
                : fieldMessage(issue.code, i18n.language, issue.params)}
            </a>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** Moves focus to a message when it appears, so that keyboard and screen-reader users land on the outcome. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
