import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { StaffContractOutlook } from '@passerelle/contract';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/date-format';
import { numberFormat } from '../../../../lib/number-format';

const templateSeverity = {
  installed: 'success',
  missing: 'warning',
  unpinned: 'error',
  changed: 'error',
  unsupported: 'info',
} as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

const listSx = {
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(180px, 1fr) minmax(0, 2fr)' },
  columnGap: 2,
  rowGap: 1,
} as const;

/** One 2025 rule: applied or not (a chip), what it gives, and why. */
function Rule({ label, applies, outcome, why }: { label: string; applies: boolean; outcome: string; why: string[] }) {
  return (
    <Row label={label}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={applies ? 'warning' : 'default'}
          label={outcome}
          sx={{
            fontWeight: 600,
            maxWidth: '100%',
            height: 'auto',
            '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
          }}
        />
      </Box>
      {why.map((line) => (
        <Typography key={line} variant="body2" sx={{ mt: 0.5 }}>
          {line}
        </Typography>
      ))}
    </Row>
  );
}

/**
 * The case page's funding section (decision 0044): the CERFA edition of the contract's date and whether its official
 * form is installed (a trial copy is drawn otherwise, or preparing is refused), the terms recorded, and the 2025 funding
 * rules applied to this contract with why: the 750 € employer share, the remote training's lowered funding level.
 */
export function ContractCard({ contract }: { contract: StaffContractOutlook }) {
  const { t, i18n } = useTranslation('staff-case');
  const titleId = useId();
  const cerfaId = useId();
  const rulesId = useId();
  const termsId = useId();
  const euros = (value: number) => numberFormat(i18n.language, { style: 'currency', currency: 'EUR' }).format(value);
  const percent = (value: number) => numberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  const { cerfa, terms, funding } = contract;
  const edition = cerfa.edition;
  const judgedOn = formatDate(funding.judgedOn, i18n.language);
  const { employerShare: share, remoteReduction: remote } = funding;

  const shareWhy = share.applies
    ? [t('contract.share.appliesWhy', { level: share.level, amount: euros(share.amount) })]
    : [t(`contract.share.${share.reason}`, { level: share.level ?? '', date: judgedOn })];
  const remoteWhy = remote.applies
    ? [
        t('contract.remote.appliesWhy', { share: percent(remote.sharePercent) }),
        ...(remote.npec !== null && remote.reducedNpec !== null
          ? [
              t('contract.remote.appliesAmount', { reduced: euros(remote.reducedNpec), npec: euros(remote.npec) }),
              ...(remote.floorApplied ? [t('contract.remote.floor')] : []),
            ]
          : [t('contract.remote.noAmount')]),
      ]
    : [
        t(`contract.remote.${remote.reason}`, {
          share: remote.sharePercent === null ? '' : percent(remote.sharePercent),
          date: judgedOn,
        }),
      ];

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('contract.title')}
        </Typography>

        <Box component="section" aria-labelledby={cerfaId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography id={cerfaId} component="h3" sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
            {t('contract.cerfaTitle')}
          </Typography>
          <Typography>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {t('contract.edition', { edition })}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {contract.dateConclusion
                ? t('contract.editionConcluded', { date: formatDate(contract.dateConclusion, i18n.language) })
                : t('contract.editionToday')}
            </Box>
          </Typography>
          <Alert severity={templateSeverity[cerfa.template]}>
            <AlertTitle>{t(`contract.template.${cerfa.template}.title`)}</AlertTitle>
            {t(`contract.template.${cerfa.template}.text`, { edition })}
          </Alert>
        </Box>

        <Box component="section" aria-labelledby={rulesId} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography id={rulesId} component="h3" sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
            {t('contract.rulesTitle')}
          </Typography>
          {funding.concluded ? null : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('contract.rulesToday')}
            </Typography>
          )}
          <Box component="dl" sx={listSx}>
            <Rule
              label={t('contract.share.label')}
              applies={share.applies}
              outcome={
                share.applies
                  ? t('contract.share.applies', { amount: euros(share.amount) })
                  : t('contract.share.notApplies')
              }
              why={shareWhy}
            />
            <Rule
              label={t('contract.remote.label')}
              applies={remote.applies}
              outcome={remote.applies ? t('contract.remote.applies') : t('contract.remote.notApplies')}
              why={remoteWhy}
            />
          </Box>
        </Box>

        <Box component="section" aria-labelledby={termsId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography id={termsId} component="h3" sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
            {t('contract.termsTitle')}
          </Typography>
          {terms ? (
            <Box component="dl" sx={listSx}>
              <Row label={t('contract.terms.coutFormationAnnuel')}>{euros(terms.coutFormationAnnuel)}</Row>
              <Row label={t('contract.terms.priseEnChargeOpco')}>{euros(terms.priseEnChargeOpco)}</Row>
              <Row label={t('contract.terms.resteACharge')}>{euros(terms.resteACharge)}</Row>
              <Row label={t('contract.terms.rythme')}>{terms.rythme}</Row>
            </Box>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{t('contract.noTerms')}</Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
