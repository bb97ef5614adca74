import { InformationSheetDone } from './information-sheet-done';
import { InformationSheet } from './information-sheet/information-sheet';

export function Component() {
  return <InformationSheet kind="fre" done={<InformationSheetDone kind="fre" />} />;
}
