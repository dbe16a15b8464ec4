import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { DeviceList } from './device-list';
import { useDevicesMessages } from './devices-messages';
import { QueryState } from '../../components/query-state';

/** The account page's devices: each with "Log out this device" (this one too, which logs out here). */
export function AccountDevices() {
  const { t, count } = useDevicesMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const devices = useQuery(trpc.devices.mine.queryOptions(undefined, { staleTime: 0 }));
  const logOut = useMutation(
    trpc.devices.logOut.mutationOptions({
      onSuccess: async (result) => {
        toast.success(t('loggedOut'));
        // Logging out this very device ends the session: everything that depends on it reloads.
        if (result.current) await queryClient.invalidateQueries();
        else await queryClient.invalidateQueries({ queryKey: trpc.devices.mine.queryKey() });
      },
      onError: (error) => toast.error(errorMessage(error, t('failed'))),
    }),
  );

  return (
    <section aria-labelledby="devices-title">
      <h2 id="devices-title">{t('title')}</h2>
      <QueryState
        query={devices}
        loading={<p className="muted">…</p>}
        error={
          <p role="alert">
            {t('loadFailed')}{' '}
            <button type="button" className="link-button" onClick={() => void devices.refetch()}>
              {t('retry')}
            </button>
          </p>
        }
      >
        {(data) => (
          <>
            <p className="muted">{data.maxDevices === null ? t('introNoLimit') : count('intro', data.maxDevices)}</p>
            {data.devices.length === 0 ? (
              <p className="muted">{t('none')}</p>
            ) : (
              <DeviceList
                devices={data.devices}
                action={{
                  label: () => t('logOut'),
                  onPick: (device) => logOut.mutate({ deviceId: device.id }),
                  busyId: logOut.isPending ? ((logOut.variables?.deviceId as string | undefined) ?? null) : null,
                  disabled: logOut.isPending,
                }}
              />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
