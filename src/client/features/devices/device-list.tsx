import { TRPCClientError } from '@trpc/client';
import { formatIstDateTime } from '../../../shared/ist';
import { useDevicesMessages } from './devices-messages';
import './devices.css';

/** A device (session) as the server lists it; times in epoch ms or ISO text (the login refusal's REST shape). */
export type Device = {
  id: string;
  browser: string | null;
  model: string | null;
  os: string | null;
  lastSeenAt: number | string;
  current?: boolean;
};

/** The devices a refused login carries (409 DEVICE_LIMIT), or null for any other error. */
export function deviceLimitOf(error: unknown): { devices: Device[]; maxDevices: number } | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as { code?: string; details?: { devices?: ({ _id: string } & Omit<Device, 'id'>)[]; maxDevices?: number } } | undefined;
  if (data?.code !== 'DEVICE_LIMIT' || !data.details?.devices) return null;
  return {
    devices: data.details.devices.map(({ _id, ...device }) => ({ ...device, id: _id })),
    maxDevices: data.details.maxDevices ?? data.details.devices.length,
  };
}

/** "SM-A135F · Android", "iPhone", "Windows", or "Unknown device". */
export function useDeviceName() {
  const { t } = useDevicesMessages();
  return (device: Pick<Device, 'model' | 'os'>) =>
    device.model && device.os ? `${device.model} · ${device.os}` : (device.model ?? device.os ?? t('unknownDevice'));
}

type Props = {
  devices: Device[];
  /** A button per device, such as "Log out this device"; none when absent. */
  action?: { label: (device: Device, name: string) => string; onPick: (device: Device) => void; busyId?: string | null; disabled?: boolean };
};

/** The devices an account is logged in on: name, browser, last use, this device marked. */
export function DeviceList({ devices, action }: Props) {
  const { t, lang } = useDevicesMessages();
  const nameOf = useDeviceName();
  return (
    <ul className="boxed-list device-list">
      {devices.map((device) => {
        const name = nameOf(device);
        return (
          <li key={device.id} className="device-list__item">
            <div className="device-list__text">
              <strong translate="no">{name}</strong>
              {device.current && <span className="badge badge--approved">{t('thisDevice')}</span>}
              <span className="muted">
                <span translate="no">{device.browser ?? t('unknownBrowser')}</span> · {t('lastSeen', { time: formatIstDateTime(device.lastSeenAt, lang) })}
              </span>
            </div>
            {action && (
              <button type="button" className="button" onClick={() => action.onPick(device)} disabled={action.disabled || action.busyId === device.id}>
                {action.busyId === device.id ? t('loggingOut') : action.label(device, name)}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
