import { UpcomingScreen } from '../../components/upcoming-screen';

export function Component() {
  return <UpcomingScreen titleKey="titles.signature" />;
}
