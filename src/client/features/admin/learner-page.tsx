import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { TextField } from '../../components/text-field';
import { errorMessage, type RouterOutputs, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatIstDateTime } from '../../../shared/ist';
import { DeviceList } from '../devices/device-list';
import { useLearnerAdminMessages } from './learner-admin-messages';
import { QueryState } from '../../components/query-state';
import { pagePaths } from '../../../shared/page-paths';
import { useSession } from '../auth/use-session';
import { DeleteUserSection } from './delete-user-section';

type OwnedPackage = RouterOutputs['access']['ofUser']['packages'][number];

/** One owned package: its access state, and taking it back (with a reason) or giving it back. */
function PackageAccess({ userId, pkg }: { userId: string; pkg: OwnedPackage }) {
  const { t, lang } = useLearnerAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const done = async (text: string) => {
    toast.success(text);
    setAsking(false);
    setReason('');
    await queryClient.invalidateQueries({ queryKey: trpc.access.ofUser.queryKey({ userId }) });
  };
  const revoke = useMutation(
    trpc.access.revoke.mutationOptions({
      onSuccess: () => done(t('packages.revokedDone', { pkg: pkg.name })),
      onError: (error) => toast.error(errorMessage(error, t('packages.actionFailed'))),
    }),
  );
  const restore = useMutation(
    trpc.access.restore.mutationOptions({
      onSuccess: () => done(t('packages.restoredDone', { pkg: pkg.name })),
      onError: (error) => toast.error(errorMessage(error, t('packages.actionFailed'))),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError(t('packages.reasonRequired'));
      return;
    }
    setReasonError(null);
    revoke.mutate({ userId, packageId: pkg.id, reason: reason.trim() });
  }

  return (
    <li className="order-card">
      <p className="order-card__title">
        <strong>{pkg.name}</strong>
        <span className={pkg.revoked ? 'badge badge--rejected' : 'badge badge--approved'}>{pkg.revoked ? t('packages.revoked') : t('packages.active')}</span>
        {pkg.archived && <span className="badge badge--pending">{t('packages.archived')}</span>}
      </p>
      {pkg.revoked && (
        <p className="muted">{t('packages.revokedBy', { name: pkg.revoked.by, date: formatIstDateTime(pkg.revoked.at, lang), reason: pkg.revoked.reason })}</p>
      )}
      {pkg.revoked ? (
        <button type="button" className="button" onClick={() => restore.mutate({ userId, packageId: pkg.id })} disabled={restore.isPending}>
          {t('packages.restore')}
        </button>
      ) : asking ? (
        <form className="form" onSubmit={submit} noValidate>
          <TextField label={t('packages.reason')} value={reason} onChange={setReason} maxLength={500} error={reasonError} autoFocus />
          <div className="button-row">
            <button type="submit" className="button button--danger" disabled={revoke.isPending}>
              {t('packages.confirmRevoke')}
            </button>
            <button type="button" className="button" onClick={() => setAsking(false)}>
              {t('packages.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
          {t('packages.revoke')}
        </button>
      )}
    </li>
  );
}

/** The learner's devices, and logging them out of all of them at once. */
function LearnerDevices({ userId }: { userId: string }) {
  const { t, count } = useLearnerAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const devices = useQuery(trpc.devices.ofUser.queryOptions({ userId }, { staleTime: 0 }));
  const logOutAll = useMutation(
    trpc.devices.logOutAll.mutationOptions({
      onSuccess: async (result) => {
        toast.success(count('devices.done', result.loggedOut));
        setConfirming(false);
        await queryClient.invalidateQueries({ queryKey: trpc.devices.ofUser.queryKey({ userId }) });
      },
      onError: (error) => toast.error(errorMessage(error, t('devices.failed'))),
    }),
  );
  return (
    <QueryState query={devices} loading={<p className="muted">{t('loading')}</p>} error={t('failed')}>
      {(data) => {
        const list = data.devices;
        return (
          <>
            <p className="muted">{data.maxDevices === null ? t('devices.noLimit') : count('devices.limit', data.maxDevices)}</p>
            {list.length === 0 ? <p className="muted">{t('devices.none')}</p> : <DeviceList devices={list.map((device) => ({ ...device, current: false }))} />}
            {list.length > 0 &&
              (confirming ? (
                <div className="notice">
                  <p>{t('devices.confirm')}</p>
                  <div className="button-row">
                    <button type="button" className="button button--danger" onClick={() => logOutAll.mutate({ userId })} disabled={logOutAll.isPending}>
                      {t('devices.confirmYes')}
                    </button>
                    <button type="button" className="button" onClick={() => setConfirming(false)}>
                      {t('devices.cancel')}
                    </button>
                  </div>
                </div>
              ) : (
                <div className="button-row">
                  <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                    {t('devices.logOutAll')}
                  </button>
                </div>
              ))}
          </>
        );
      }}
    </QueryState>
  );
}

/** /admin/learners/{userId}: a learner's packages (take back or give back access), devices, and (for the superadmin) deleting them. */
export default function LearnerPage() {
  const { t } = useLearnerAdminMessages();
  const { userId = '' } = useParams();
  const trpc = useTRPC();
  const { user: signedIn } = useSession();
  const access = useQuery(trpc.access.ofUser.queryOptions({ userId }));
  useDocumentTitle(access.data ? t('title', { name: access.data.user.name }) : t('manage'));

  return (
    <QueryState
      query={access}
      error={(error) => (
        <div className="page">
          <h1>{t('manage')}</h1>
          <p role="alert">{errorMessage(error, t('failed'))}</p>
          <Link to={pagePaths.adminUsers}>{t('back')}</Link>
        </div>
      )}
    >
      {({ user, packages }) => {
        return (
          <div className="page">
            <p>
              <Link to={pagePaths.adminUsers}>{t('back')}</Link>
            </p>
            <h1>{t('title', { name: user.name })}</h1>
            <p className="muted">
              {user.email}
              {user.phone && ` · ${user.phone}`}
            </p>

            <section aria-labelledby="learner-packages">
              <h2 id="learner-packages">{t('packages.title')}</h2>
              <p className="muted">{t('packages.note')}</p>
              {packages.length === 0 ? (
                <p className="empty-state">{t('packages.empty')}</p>
              ) : (
                <ul className="order-list">
                  {packages.map((pkg) => (
                    <PackageAccess key={pkg.id} userId={user.id} pkg={pkg} />
                  ))}
                </ul>
              )}
            </section>

            <section aria-labelledby="learner-devices">
              <h2 id="learner-devices">{t('devices.title')}</h2>
              <LearnerDevices userId={user.id} />
            </section>

            {signedIn?.role === 'superadmin' && signedIn.id !== user.id && <DeleteUserSection name={user.name} email={user.email} />}
          </div>
        );
      }}
    </QueryState>
  );
}
