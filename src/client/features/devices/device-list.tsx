import { TRPCClientError } from '@trpc/client';
import { useId } from 'react';
import { formatIstDateTime } from '../../../shared/ist';
import type { RouterOutputs } from '../../lib/trpc';
import { useDevicesMessages } from './devices-messages';
import './devices.css';

type ListedDevice = RouterOutputs['devices']['mine']['devices'][number];

/** A device (session) as the server lists it; times in epoch ms or ISO text (the login refusal's REST shape, which names no current device). */
export type Device = Omit<ListedDevice, 'loggedInAt' | 'lastSeenAt' | 'current'> & {
  loggedInAt?: number | string;
  lastSeenAt: number | string;
  current?: boolean;
};

type DeviceName = Pick<Device, 'model' | 'os' | 'browser'>;

/** The devices a refused login carries (409 DEVICE_LIMIT), with the device asking, or null for any other error. */
export function deviceLimitOf(error: unknown): { devices: Device[]; maxDevices: number; thisDevice: DeviceName | null } | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as
    | { code?: string; details?: { devices?: ({ _id: string } & Omit<Device, 'id'>)[]; maxDevices?: number; thisDevice?: DeviceName } }
    | undefined;
  if (data?.code !== 'DEVICE_LIMIT' || !data.details?.devices) return null;
  return {
    devices: data.details.devices.map(({ _id, ...device }) => ({ ...device, id: _id })),
    maxDevices: data.details.maxDevices ?? data.details.devices.length,
    thisDevice: data.details.thisDevice ?? null,
  };
}

/** "SM-A135F · Android", "iPhone", "Windows", or "Unknown device". */
export function useDeviceName() {
  const { t } = useDevicesMessages();
  return (device: Pick<Device, 'model' | 'os'>) =>
    device.model && device.os ? `${device.model} · ${device.os}` : (device.model ?? device.os ?? t('unknownDevice'));
}

/** Names that tell devices apart: two phones of one model become "SM-A146B · Android (1)" and "(2)", in the list's order. */
function distinctNames(names: string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((name) => {
    if ((counts.get(name) ?? 0) < 2) return name;
    const nth = (seen.get(name) ?? 0) + 1;
    seen.set(name, nth);
    return `${name} (${nth})`;
  });
}

type Props = {
  devices: Device[];
  /** A button per device, such as "Log out this device"; none when absent. */
  action?: { label: (device: Device, name: string) => string; onPick: (device: Device) => void; busyId?: string | null; disabled?: boolean };
};

/**
 * The devices an account is logged in on: a name that tells each apart, this device marked, the
 * browser, when it logged in and was last used; the action's button below, as wide as the list.
 */
export function DeviceList({ devices, action }: Props) {
  const { t, lang } = useDevicesMessages();
  const nameOf = useDeviceName();
  const names = distinctNames(devices.map(nameOf));
  const id = useId();
  return (
    <ul className="boxed-list device-list">
      {devices.map((device, index) => {
        const name = names[index]!;
        return (
          <li key={device.id} className="device-list__item">
            <div className="device-list__text" id={`${id}-${index}`}>
              <strong translate="no">{name}</strong>
              {device.current && <span className="badge badge--approved">{t('thisDevice')}</span>}
              <span className="muted">
                <span translate="no">{device.browser ?? t('unknownBrowser')}</span>
                {device.loggedInAt !== undefined && <> · {t('loggedIn', { time: formatIstDateTime(device.loggedInAt, lang) })}</>} ·{' '}
                {t('lastSeen', { time: formatIstDateTime(device.lastSeenAt, lang) })}
              </span>
            </div>
            {action && (
              <button
                type="button"
                className="button device-list__action"
                aria-describedby={`${id}-${index}`}
                onClick={() => action.onPick(device)}
                disabled={action.disabled || action.busyId === device.id}
              >
                {action.busyId === device.id ? t('loggingOut') : action.label(device, name)}
                {/* Each button named with its device for a screen reader, the visible words first. */}
                <span className="visually-hidden" translate="no">
                  : {name}
                </span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
