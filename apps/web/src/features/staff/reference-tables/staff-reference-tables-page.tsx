import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReferenceTableInfo, ReferenceTableName } from '@passerelle/contract/reference-tables';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/date-format';
import { numberFormat } from '../../../lib/number-format';
import { useReferenceTables } from './api/reference-tables';
import { ReferenceTableDialog } from './reference-table-dialog';

/** One table: what it is for, the version loaded (source, date, rows, who), and the button to load a newer one. */
function TableCard({ table, onLoad }: { table: ReferenceTableInfo; onLoad: (name: ReferenceTableName) => void }) {
  const { t, i18n } = useTranslation('staff-reference-tables');
  const titleId = useId();
  const count = numberFormat(i18n.language).format(table.rowCount);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          justifyContent: 'space-between',
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          gap: 1.5,
          mb: 1.5,
        }}
      >
        <Box>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 0.5 }}>
            {t(`tables.${table.name}.name`)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(`tables.${table.name}.use`)}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          onClick={() => onLoad(table.name)}
          aria-label={t('load', { table: t(`tables.${table.name}.name`) })}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {t('loadShort')}
        </Button>
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          '& dt': { fontWeight: 600 },
          '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
        }}
      >
        <dt>{t('fields.source')}</dt>
        <dd>{table.source}</dd>
        <dt>{t('fields.sourceDate')}</dt>
        <dd>{formatDate(table.sourceDate)}</dd>
        <dt>{t('fields.rows')}</dt>
        <dd>{t('rows', { count: table.rowCount, formatted: count })}</dd>
        <dt>{t('fields.loaded')}</dt>
        <dd>
          {table.shipped
            ? t('shipped', { date: formatDate(table.loadedAt) })
            : table.loadedBy
              ? t('loadedBy', { date: formatDate(table.loadedAt), name: table.loadedBy })
              : t('loadedOn', { date: formatDate(table.loadedAt) })}
        </dd>
      </Box>
    </Paper>
  );
}

/**
 * /gestion/parametres/tables (issue 28), for admins: the reference tables the portal ships and the rules read (the
 * collective agreements and their legal state, their OPCO, the NAF codes, the postcodes' communes), each with its
 * source and date, and a newer version loaded from a CSV.
 */
function StaffReferenceTablesPage() {
  const { t } = useTranslation('staff-reference-tables');
  const tables = useReferenceTables();
  const [loading, setLoading] = useState<ReferenceTableName | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Box role="status" aria-live="polite" sx={{ mb: notice ? 2 : 0 }}>
        {notice ? (
          <Alert severity="success" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}
      </Box>
      {tables.isError ? <ErrorState error={tables.error} onRetry={() => void tables.refetch()} /> : null}
      {tables.isPending ? <LinearProgress aria-label={t('loading')} /> : null}
      {tables.data ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {tables.data.map((table) => (
            <TableCard key={table.name} table={table} onLoad={setLoading} />
          ))}
        </Box>
      ) : null}
      {loading ? (
        <ReferenceTableDialog
          table={loading}
          onClose={() => setLoading(null)}
          onSaved={(rowCount) => {
            setNotice(t('saved', { table: t(`tables.${loading}.name`), count: rowCount }));
            setLoading(null);
          }}
        />
      ) : null}
    </>
  );
}

export { StaffReferenceTablesPage as Component };
