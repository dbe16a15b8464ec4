import { StaticPage } from './static-page';

export default function RefundPage() {
  return <StaticPage page="refund" />;
}
