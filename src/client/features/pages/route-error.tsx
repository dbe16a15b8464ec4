import { Link } from 'react-router';
import { useCommonMessages } from '../../lib/common-messages';
import { pagePaths } from '../../../shared/page-paths';

/**
 * Shown when a page fails to load or render. A chunk that fails to download (a new release, a
 * dropped connection) is the usual cause on phones, so the first offer is to reload.
 */
export function RouteError() {
  const { t } = useCommonMessages();
  return (
    <div className="page page--narrow center" role="alert">
      <h1>{t('status.failed')}</h1>
      <p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('status.retry')}
        </button>
      </p>
      <p>
        <Link to={pagePaths.home}>{t('notFound.home')}</Link>
      </p>
    </div>
  );
}
