import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useOrdersMessages } from './orders-messages';
import { pagePaths } from '../../../shared/page-paths';

/** 'Payment Failed!', then back to the packages after 5 seconds. */
export default function FailurePage() {
  const { t } = useOrdersMessages();
  useDocumentTitle(t('failure.title'));
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(pagePaths.packages), 5000);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="page page--narrow center" role="alert">
      <h1>{t('failure.title')}</h1>
      <p>{t('failure.redirect')}</p>
      <Link to={pagePaths.packages}>{t('failure.now')}</Link>
    </div>
  );
}
