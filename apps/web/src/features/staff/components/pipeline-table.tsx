import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import type { StaffDossierItem } from '@passerelle/contract';
import { useTranslation } from 'react-i18next';
import { CaseLink, EmployerCell, FormationCell, StatusCell, UpdatedCell } from './case-cells';
import { WaitingFor } from './waiting-for';

const columns = ['case', 'formation', 'employer', 'status', 'waiting', 'updated'] as const;

/** Desktop: one row per case, every column the coordinator scans; the case's number opens it. */
export function PipelineTable({ items, waitingDays }: { items: StaffDossierItem[]; waitingDays?: number }) {
  const { t } = useTranslation('staff');
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label={t('results.label')}
        sx={{ '& td, & th': { verticalAlign: 'top', px: 1.25, py: 1.25 } }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {t(`columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} hover>
              <TableCell sx={{ minWidth: 170 }}>
                <CaseLink item={item} />
              </TableCell>
              <TableCell sx={{ minWidth: 130 }}>
                <FormationCell item={item} />
              </TableCell>
              <TableCell sx={{ minWidth: 110 }}>
                <EmployerCell item={item} />
              </TableCell>
              <TableCell sx={{ minWidth: 130 }}>
                <StatusCell item={item} />
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <WaitingFor item={item} thresholdDays={waitingDays} />
              </TableCell>
              <TableCell>
                <UpdatedCell item={item} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function PipelineTableSkeleton({ rows = 8 }: { rows?: number }) {
  const { t } = useTranslation('staff');
  return (
    <Box role="status" aria-label={t('results.loading')}>
      <Table size="small" aria-hidden>
        <TableBody>
          {Array.from({ length: rows }, (_, row) => (
            <TableRow key={row}>
              {columns.map((column) => (
                <TableCell key={column}>
                  <Skeleton height={22} />
                  <Skeleton height={18} width="70%" />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
