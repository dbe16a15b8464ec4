import { useCommonMessages } from '../../lib/common-messages';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  const { t } = useCommonMessages();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="page page--narrow center">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to="/" className="button button--primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
