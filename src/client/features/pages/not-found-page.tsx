import { useCommonMessages } from '../../lib/common-messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pagePaths } from '../../../shared/page-paths';
import { ButtonLink } from '../../components/button-link';

export function NotFoundPage() {
  const { t } = useCommonMessages();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="page page--narrow center">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <ButtonLink to={pagePaths.home} look="primary">
        {t('notFound.home')}
      </ButtonLink>
    </div>
  );
}
