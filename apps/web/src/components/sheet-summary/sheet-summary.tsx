import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../lib/i18n';
import { fingerprint } from './fingerprint';
import { isAnswered, SpecValues, type FieldSpec, type SpecGroup } from './spec-values';

/** One section of a sheet as its form groups it (identity, the company, the contract…), read back. */
export interface SummarySection {
  /** i18n key in `sheets:sections`. */
  title: string;
  specs?: readonly FieldSpec[];
  /** Several people's details, each under its own sub-title (the company's contacts). */
  groups?: readonly SpecGroup[];
  /** Whose details these are, when another section asks the same ones (i18n key in `sheets:people`). */
  person?: string;
  /** Shown under the values (the job description's file). */
  extra?: ReactNode;
}

/** A group of sections: one step of the information sheet; a sheet without steps has one part without a title. */
export interface SummaryPart {
  title?: string;
  /** Said under the title (the other party's part, not sent yet). */
  note?: string;
  sections: readonly SummarySection[];
}

type Data = Record<string, unknown>;
const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The sheet's own blocks over the other party's, block by block (the employer's `contrat` and the applicant's DECA number). */
export function summarySource(data: unknown, context: unknown): Data {
  const merged: Data = isObject(context) ? { ...context } : {};
  for (const [block, value] of Object.entries(isObject(data) ? data : {}))
    merged[block] = isObject(value) && isObject(merged[block]) ? { ...merged[block], ...value } : value;
  return merged;
}

type Heading = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
/** The heading level under `level` (h6 stays h6). */
const below = (level: Heading) => `h${Math.min(Number(level[1]) + 1, 6)}` as Heading;

function Section({ section, source, level }: { section: SummarySection; source: unknown; level: Heading }) {
  const { t } = useTranslation('sheets');
  const titleId = useId();
  const person = section.person ? t(builtKey<'sheets'>(`people.${section.person}`)) : undefined;
  const isEmpty =
    !section.extra &&
    (section.specs ?? []).every((spec) => !isAnswered(spec, source)) &&
    (section.groups ?? []).every((group) => group.specs.every((spec) => !isAnswered(spec, source)));
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id={titleId} component={level} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {t(builtKey<'sheets'>(`sections.${section.title}`))}
      </Typography>
      {isEmpty ? <Typography sx={{ color: 'text.secondary' }}>{t('readOnly.sectionEmpty')}</Typography> : null}
      {!isEmpty && section.specs && section.specs.length > 0 ? (
        <SpecValues specs={section.specs} source={source} person={person} hideEmpty />
      ) : null}
      {(section.groups ?? [])
        .filter((group) => group.specs.some((spec) => isAnswered(spec, source)))
        .map((group) => (
          <SubGroup key={group.title} group={group} source={source} level={below(level)} />
        ))}
      {section.extra}
    </Box>
  );
}

function SubGroup({ group, source, level }: { group: SpecGroup; source: unknown; level: Heading }) {
  const { t } = useTranslation('sheets');
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ pl: { sm: 1 } }}>
      <Typography id={titleId} component={level} sx={{ fontSize: '0.95rem', fontWeight: 600, mb: 0.5 }}>
        {t(builtKey<'sheets'>(`sections.${group.title}`))}
      </Typography>
      <SpecValues specs={group.specs} source={source} hideEmpty />
    </Box>
  );
}

/**
 * A sent, closed or not-yet-open sheet read back as what it says, not as a greyed-out form: each section of the form
 * with its labels and values (WCAG AA contrast, nothing that looks clickable), grouped by step when the sheet has steps.
 * Fields left empty are left out (a phone would scroll through dashes), a section with nothing says so.
 */
export function SheetSummary({
  parts,
  data,
  context,
  level = 'h2',
}: {
  parts: readonly SummaryPart[];
  data: unknown;
  context: unknown;
  /** The heading level of the parts (or of the sections, in a sheet without steps): h2 on a sheet's own page. */
  level?: 'h2' | 'h3' | 'h4';
}) {
  const { t } = useTranslation('sheets');
  const source = summarySource(data, context);
  if (fingerprint(source) === '{}')
    return <Typography sx={{ color: 'text.secondary' }}>{t('readOnly.empty')}</Typography>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      {parts.map((part, index) => (
        <Box key={part.title ?? index} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          {part.title ? (
            <Typography
              component={level}
              variant="h2"
              sx={{ fontSize: '1.3rem', borderBottom: 1, borderColor: 'divider', pb: 0.5 }}
            >
              {part.title}
            </Typography>
          ) : null}
          {part.note ? <Alert severity="info">{part.note}</Alert> : null}
          {part.sections.map((section) => (
            <Section key={section.title} section={section} source={source} level={part.title ? below(level) : level} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
