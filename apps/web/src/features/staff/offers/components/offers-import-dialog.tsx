import type { OfferImportResponse } from '@passerelle/contract/staff-offers';
import { CsvImportDialog } from '../../components/csv-import-dialog';
import { useImportOffers } from '../api/offers';

/** The offers' CSV import (issue 12): the back office's import steps; a line with a known reference updates its offer. */
export function OffersImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const check = useImportOffers();
  const store = useImportOffers();
  return (
    <CsvImportDialog<OfferImportResponse>
      open={open}
      onClose={onClose}
      namespace="staff-offers"
      run={check}
      store={store}
    />
  );
}
