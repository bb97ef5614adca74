import { InformationSheet } from './information-sheet/information-sheet';

export function Component() {
  return <InformationSheet kind="fre" />;
}
