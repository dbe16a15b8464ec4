import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ReferralShare } from '../components/referral-share';
import { useTRPC } from '../lib/trpc';
import { useDocumentTitle } from '../lib/use-document-title';
import { MyOrders } from '../features/orders/my-orders';
import { AccountDevices } from '../features/devices/account-devices';
import { AccountPrivacy } from '../features/privacy/account-privacy';
import { AccountWhatsApp } from '../features/whatsapp/account-whatsapp';
import { useAuthMessages } from '../features/auth/auth-messages';
import { useLogout } from '../features/auth/use-logout';
import { AccountEdit } from '../features/auth/account-edit';
import { isAdmin, useSession, type SessionUser } from '../features/auth/use-session';
import './account-page.css';
import { QueryState } from '../components/query-state';
import { pagePaths, pathTo } from '../../shared/page-paths';
import { ButtonLink } from '../components/button-link';

function Sponsor({ userId }: { userId: string }) {
  const { t } = useAuthMessages();
  const trpc = useTRPC();
  const sponsor = useQuery(trpc.auth.referrer.queryOptions({ userId }));
  const na = t('account.notAvailable');
  return (
    <QueryState query={sponsor} loading={<p className="muted">…</p>} error={t('account.sponsorError')}>
      {(referrer) => (
        <dl className="details">
          <dt>{t('fields.name')}</dt>
          <dd>{referrer?.name ?? na}</dd>
          {referrer?.whatsapp && (
            <>
              <dt>{t('account.sponsorWhatsapp')}</dt>
              <dd>
                <a href={`https://wa.me/91${referrer.whatsapp}`} target="_blank" rel="noopener">
                  {referrer.whatsapp}
                </a>
              </dd>
            </>
          )}
        </dl>
      )}
    </QueryState>
  );
}

function Profile({ user }: { user: SessionUser }) {
  const { t } = useAuthMessages();
  const { logout, pending } = useLogout();
  return (
    <div className="page account">
      <div className="account__head">
        <img className="avatar avatar--large" src={user.profileImage ?? '/images/avatar.svg'} alt={t('account.pictureAlt')} width="96" height="96" />
        <h1>{t('account.title')}</h1>
      </div>
      <dl className="details">
        <dt>{t('fields.name')}</dt>
        <dd>{user.name}</dd>
        <dt>{t('fields.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('fields.phone')}</dt>
        <dd>{user.phone ?? t('account.notAvailable')}</dd>
      </dl>
      <p>
        <Link to={pagePaths.updateProfile}>{t('account.updatePicture')}</Link>
      </p>

      <AccountEdit user={user} />

      <ReferralShare code={user.referralCode} />

      <MyOrders />

      <AccountWhatsApp />

      <AccountDevices />
      <AccountPrivacy />

      <section aria-labelledby="sponsor-title">
        <h2 id="sponsor-title">{t('account.sponsorTitle')}</h2>
        <Sponsor userId={user.id} />
      </section>

      <div className="button-row">
        <ButtonLink to={pathTo(pagePaths.dashboard, { id: user.id })} look="primary">
          {t('account.dashboard')}
        </ButtonLink>
        {isAdmin(user) && (
          <>
            <ButtonLink to={pagePaths.adminDashboard}>{t('account.adminDashboard')}</ButtonLink>
            <ButtonLink to={pagePaths.adminPendingOrders}>{t('account.pendingOrders')}</ButtonLink>
          </>
        )}
        <button type="button" className="button button--danger" onClick={logout} disabled={pending}>
          {t('account.logout')}
        </button>
      </div>
    </div>
  );
}

/**
 * /account: shown inside the login guard, so a user is always there. The app composes it: the
 * profile (auth) with the orders, WhatsApp, devices and privacy sections of their own features.
 */
export default function AccountPage() {
  const { t } = useAuthMessages();
  useDocumentTitle(t('account.title'));
  const { user } = useSession();
  return user ? <Profile user={user} /> : null;
}
