import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { SheetKind } from '@passerelle/contract';
import { Suspense, useId } from 'react';
import { f1caSummary } from '../../../../components/sheet-summary/f1ca-parts';
import { f1ceSummary } from '../../../../components/sheet-summary/f1ce-parts';
import { informationSteps, informationSummary } from '../../../../components/sheet-summary/information-parts';
import { missionsSpecs } from '../../../../components/sheet-summary/missions-parts';
import { SheetSummary, type SummaryPart } from '../../../../components/sheet-summary/sheet-summary';
import { formatDateTime } from '../../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../../lib/i18n';
import { sheetOrder, type CaseDetail } from '../utils/case-data';

type Sheet = CaseDetail['sheets'][number];

/**
 * A sheet's own sections, read back alone as its author gave them: the first contact of the company leaves out the
 * applicant's details it only shows, the information sheet each party's own steps.
 */
function partsOf(
  kind: SheetKind,
  data: Record<string, unknown>,
  stepTitle: (step: string) => string,
): readonly SummaryPart[] {
  switch (kind) {
    case 'f1ca':
      return f1caSummary;
    case 'f1ce':
      return f1ceSummary.map((part) => ({
        ...part,
        sections: part.sections.filter((section) => section.title !== 'applicant'),
      }));
    case 'missions':
      return [{ sections: [{ title: 'missions', specs: missionsSpecs }] }];
    case 'fra':
    case 'fre': {
      const parts = informationSummary(kind, data, (step) => stepTitle(step));
      const own = informationSteps.filter((step) => step !== 'send' && (step === 'applicant') === (kind === 'fra'));
      const kept = parts.filter((_, index) => own.includes(informationSteps[index] ?? 'send'));
      // The applicant's part is one step: its title would only repeat the sheet's.
      return kind === 'fra' ? kept.map(({ sections }) => ({ sections })) : kept;
    }
  }
}

function SheetPanel({ sheet }: { sheet: Sheet }) {
  const { t, i18n } = useTranslation(['staff-case', 'sheets']);
  const isDraft = sheet.status === 'draft';
  const parts = partsOf(sheet.kind, sheet.data, (step) =>
    t(builtKey<['staff-case', 'sheets']>(`sheets:info.steps.${step}`)),
  );
  return (
    <Accordion
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: true } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMore />}
        sx={{ '& .MuiAccordionSummary-content': { flexWrap: 'wrap', alignItems: 'center', gap: 1 } }}
      >
        <Box component="span" sx={{ fontWeight: 600, fontSize: '1rem', flexGrow: 1, minWidth: '12rem' }}>
          {t(`sheets.kinds.${sheet.kind}`)}
        </Box>
        {isDraft ? (
          <Chip size="small" color="warning" variant="outlined" label={t('sheets.draft')} component="span" />
        ) : (
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
            {t('sheets.sentOn', { date: formatDateTime(sheet.submittedAt ?? sheet.updatedAt, i18n.language) })}
          </Box>
        )}
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {isDraft ? (
          <Alert severity="warning">
            {t('sheets.draftNote', { date: formatDateTime(sheet.updatedAt, i18n.language) })}
          </Alert>
        ) : null}
        <Suspense fallback={<Typography sx={{ color: 'text.secondary' }}>{t('sheets.loading')}</Typography>}>
          <SheetSummary parts={parts} data={sheet.data} context={{}} level="h4" />
        </Suspense>
      </AccordionDetails>
    </Accordion>
  );
}

/** Every sheet of the case, read-only, in the order they are filled in; drafts said to be drafts. */
export function SheetsCard({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('staff-case');
  const titleId = useId();
  const sheets = sheetOrder.flatMap((kind) => detail.sheets.filter((sheet) => sheet.kind === kind));
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Box>
          <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('sheets.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('sheets.intro')}</Typography>
        </Box>
        {sheets.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('sheets.none')}</Typography>
        ) : (
          <Box>
            {sheets.map((sheet) => (
              <SheetPanel key={sheet.kind} sheet={sheet} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
