import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { siteConfig } from '../../lib/site-config';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../auth/use-session';
import { useOrdersMessages } from './orders-messages';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { ButtonLink } from '../../components/button-link';

/**
 * /payment-success/{id}: the spec's page, made honest. It says where the order really stands
 * (being checked, approved or not) and leads to My Courses, where the package or the order is.
 */
export default function PaymentSuccessPage() {
  const { t, count } = useOrdersMessages();
  const { id = '' } = useParams();
  const { user } = useSession();
  const trpc = useTRPC();
  const orders = useQuery(trpc.orders.mine.queryOptions());
  const order = orders.data?.find((candidate) => candidate.id === id);
  const approved = order?.status === 'approved';
  useDocumentTitle(approved ? t('paymentSuccess.title') : t('mine.title'));

  if (orders.isPending) return <PageSpinner />;
  return (
    <div className="page page--narrow center">
      <h1>{approved ? t('paymentSuccess.title') : order ? order.package.name : t('mine.title')}</h1>
      {approved && <p>{t('paymentSuccess.activated')}</p>}
      {order ? (
        <p role="status">
          {order.status === 'pending'
            ? count('paymentSuccess.pending', siteConfig.approvalHoursHint)
            : order.status === 'approved'
              ? t('paymentSuccess.approved')
              : t('paymentSuccess.rejected')}
        </p>
      ) : (
        <p>{t('paymentSuccess.unknown')}</p>
      )}
      <p>
        {t('paymentSuccess.reference')}: <strong translate="no">{id}</strong>
      </p>
      <p className="button-row">
        <ButtonLink to={pagePaths.myCourses} look="primary">
          {t('paymentSuccess.myCourses')}
        </ButtonLink>
        {user && <ButtonLink to={pathTo(pagePaths.dashboard, { id: user.id })}>{t('paymentSuccess.dashboard')}</ButtonLink>}
      </p>
    </div>
  );
}
