import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../auth/use-session';
import { useOrdersMessages } from './orders-messages';

export default function PaymentSuccessPage() {
  const { t } = useOrdersMessages();
  useDocumentTitle(t('paymentSuccess.title'));
  const { id = '' } = useParams();
  const { user } = useSession();
  return (
    <div className="page page--narrow center">
      <h1>{t('paymentSuccess.title')}</h1>
      <p>{t('paymentSuccess.activated')}</p>
      <p>
        {t('paymentSuccess.reference')}: <strong translate="no">{id}</strong>
      </p>
      {user && (
        <Link to={`/${user.id}/dashboard`} className="button button--primary">
          {t('paymentSuccess.dashboard')}
        </Link>
      )}
    </div>
  );
}
