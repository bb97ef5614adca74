import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { ReferenceTableInfo, ReferenceTableName } from '@passerelle/contract/reference-tables';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DefinitionItem, DefinitionList } from '../../../components/definition-list';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/date-format';
import { numberFormat } from '../../../lib/number-format';
import { SavedNotice } from '../components/saved-notice';
import { SectionCard, sectionActionSx } from '../components/section-card';
import { useReferenceTables } from './api/reference-tables';
import { ReferenceTableDialog } from './reference-table-dialog';

/** One table: what it is for, the version loaded (source, date, rows, who), and the button to load a newer one. */
function TableCard({ table, onLoad }: { table: ReferenceTableInfo; onLoad: (name: ReferenceTableName) => void }) {
  const { t, i18n } = useTranslation('staff-reference-tables');
  const count = numberFormat(i18n.language).format(table.rowCount);
  return (
    <SectionCard
      title={t(`tables.${table.name}.name`)}
      intro={t(`tables.${table.name}.use`)}
      actions={
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          onClick={() => onLoad(table.name)}
          aria-label={t('load', { table: t(`tables.${table.name}.name`) })}
          sx={sectionActionSx}
        >
          {t('loadShort')}
        </Button>
      }
    >
      <DefinitionList variant="compact">
        <DefinitionItem label={t('fields.source')}>{table.source}</DefinitionItem>
        <DefinitionItem label={t('fields.sourceDate')}>{formatDate(table.sourceDate)}</DefinitionItem>
        <DefinitionItem label={t('fields.rows')}>
          {t('rows', { count: table.rowCount, formatted: count })}
        </DefinitionItem>
        <DefinitionItem label={t('fields.loaded')}>
          {table.shipped
            ? t('shipped', { date: formatDate(table.loadedAt) })
            : table.loadedBy
              ? t('loadedBy', { date: formatDate(table.loadedAt), name: table.loadedBy })
              : t('loadedOn', { date: formatDate(table.loadedAt) })}
        </DefinitionItem>
      </DefinitionList>
    </SectionCard>
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
      <SavedNotice notice={notice} onClose={() => setNotice(null)} />
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
