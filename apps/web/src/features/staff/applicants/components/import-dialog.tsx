import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ApplicantImportResponse } from '@passerelle/contract';
import { useErrorText } from '../../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { CsvImportDialog } from '../../components/csv-import-dialog';
import { useImportApplicants, useInviteApplicants } from '../api/applicants';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The applicants' import (issue 12): the back office's CSV import steps, then the invitation of the imported
 * applicants.
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const { t } = useTranslation('staff-applicants');
  const errorText = useErrorText();
  const check = useImportApplicants();
  const store = useImportApplicants();
  const invite = useInviteApplicants();
  return (
    <CsvImportDialog<ApplicantImportResponse>
      open={open}
      onClose={onClose}
      namespace="staff-applicants"
      run={check}
      store={store}
      busy={invite.isPending}
      onReset={invite.reset}
      after={(imported) => ({
        status: (
          <>
            {invite.data ? (
              <Alert severity="success">{t('import.invited', { count: invite.data.invited })}</Alert>
            ) : null}
            {invite.error ? <Alert severity="error">{errorText(invite.error)}</Alert> : null}
          </>
        ),
        action:
          imported.imported > 0 && !invite.data ? (
            <Button
              variant="contained"
              loading={invite.isPending}
              onClick={() => invite.mutate({ ids: imported.ids, notInvitedOnly: true })}
            >
              {t('import.invite', { count: imported.imported })}
            </Button>
          ) : null,
      })}
    />
  );
}
