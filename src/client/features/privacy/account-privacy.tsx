import { Link } from 'react-router';
import { pagePaths } from '../../../shared/page-paths';
import { usePrivacyMessages } from './privacy-messages';

/** On the account page: the way to one's data, to erasing the account, and to the notice. */
export function AccountPrivacy() {
  const { t } = usePrivacyMessages();
  return (
    <section aria-labelledby="privacy-title">
      <h2 id="privacy-title">{t('account.title')}</h2>
      <p>{t('account.intro')}</p>
      <p className="button-row">
        <Link to={pagePaths.myData} className="button">
          {t('account.download')}
        </Link>
        <Link to={pagePaths.eraseAccount} className="button button--danger">
          {t('account.erase')}
        </Link>
      </p>
      <p>
        <Link to={pagePaths.privacy}>{t('account.notice')}</Link>
      </p>
    </section>
  );
}
