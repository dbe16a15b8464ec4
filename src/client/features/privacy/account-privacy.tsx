import { Link } from 'react-router';
import { pagePaths } from '../../../shared/page-paths';
import { usePrivacyMessages } from './privacy-messages';
import { ButtonLink } from '../../components/button-link';

/** On the account page: the way to one's data, to erasing the account, and to the notice. */
export function AccountPrivacy() {
  const { t } = usePrivacyMessages();
  return (
    <section aria-labelledby="privacy-title">
      <h2 id="privacy-title">{t('account.title')}</h2>
      <p>{t('account.intro')}</p>
      <p className="button-row">
        <ButtonLink to={pagePaths.myData}>{t('account.download')}</ButtonLink>
        <ButtonLink to={pagePaths.eraseAccount} look="danger">
          {t('account.erase')}
        </ButtonLink>
      </p>
      <p>
        <Link to={pagePaths.privacy}>{t('account.notice')}</Link>
      </p>
    </section>
  );
}
