import { useCommonMessages } from '../../lib/common-messages';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pagePaths } from '../../../shared/page-paths';

export function NotFoundPage() {
  const { t } = useCommonMessages();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="page page--narrow center">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to={pagePaths.home} className="button button--primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
