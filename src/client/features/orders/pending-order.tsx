import { siteConfig } from '../../lib/site-config';
import { useOrdersMessages } from './orders-messages';
import { pagePaths } from '../../../shared/page-paths';
import { ButtonLink } from '../../components/button-link';

/**
 * "Payment received, being checked", with the time it usually takes: shown where Buy Now would
 * be, so a learner whose money has left their account never sees an offer to pay again.
 */
export function PendingOrderNote({ utr, headingLevel = 'p' }: { utr: string; headingLevel?: 'p' | 'h2' }) {
  const { t, count } = useOrdersMessages();
  const Heading = headingLevel;
  return (
    <div className="pending-note" role="status">
      <Heading className="pending-note__title">
        <span className="badge badge--pending">{t('pending.badge')}</span>
      </Heading>
      <p>{count('pending.text', siteConfig.approvalHoursHint, { utr })}</p>
      <ButtonLink to={`${pagePaths.myCourses}#my-orders`}>{t('pending.seeOrder')}</ButtonLink>
    </div>
  );
}
