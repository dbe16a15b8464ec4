import { StaticPage } from './static-page';

export default function PrivacyPage() {
  return <StaticPage page="privacy" />;
}
