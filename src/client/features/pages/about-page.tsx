import { StaticPage } from './static-page';

export default function AboutPage() {
  return <StaticPage page="about" />;
}
