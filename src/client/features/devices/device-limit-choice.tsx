import { useEffect, useRef } from 'react';
import { DeviceList, type Device, useDeviceName } from './device-list';
import { useDevicesMessages } from './devices-messages';

type Props = {
  devices: Device[];
  maxDevices: number;
  /** How the device asking is named: it is not in the list (it is not logged in yet). */
  thisDevice: Pick<Device, 'model' | 'os' | 'browser'> | null;
  /** Logs in again with the password, naming this device to log out. */
  onChoose: (device: Device) => void;
  onCancel: () => void;
  busyId: string | null;
};

/**
 * Shown when a login finds the account at its device limit: the learner picks a device to log
 * out and is logged in here. Nothing is logged out until they choose.
 */
export function DeviceLimitChoice({ devices, maxDevices, thisDevice, onChoose, onCancel, busyId }: Props) {
  const { t, count } = useDevicesMessages();
  const nameOf = useDeviceName();
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen readers and keyboards land on the choice, not on the form above it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="notice device-limit" aria-labelledby="device-limit-title">
      <h2 id="device-limit-title" ref={heading} tabIndex={-1}>
        {t('limitTitle')}
      </h2>
      <p>{count('limitText', maxDevices)}</p>
      {thisDevice && (
        <p className="device-limit__here">
          {t('limitHere')}{' '}
          <strong translate="no">
            {nameOf(thisDevice)}
            {thisDevice.browser && ` · ${thisDevice.browser}`}
          </strong>{' '}
          <span className="badge badge--approved">{t('thisDevice')}</span>
        </p>
      )}
      <DeviceList devices={devices} action={{ label: () => t('limitChoose'), onPick: onChoose, busyId, disabled: busyId !== null }} />
      <p className="muted">{t('limitHelp')}</p>
      <button type="button" className="button" onClick={onCancel} disabled={busyId !== null}>
        {t('limitCancel')}
      </button>
    </section>
  );
}
