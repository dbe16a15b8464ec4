import { useEffect, useRef } from 'react';
import { DeviceList, type Device } from './device-list';
import { useDevicesMessages } from './devices-messages';

type Props = {
  devices: Device[];
  maxDevices: number;
  /** Logs in again with the password, naming this device to log out. */
  onChoose: (device: Device) => void;
  onCancel: () => void;
  busyId: string | null;
};

/**
 * Shown when a login finds the account at its device limit: the learner picks a device to log
 * out and is logged in here. Nothing is logged out until they choose.
 */
export function DeviceLimitChoice({ devices, maxDevices, onChoose, onCancel, busyId }: Props) {
  const { t } = useDevicesMessages();
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen readers and keyboards land on the choice, not on the form above it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="notice device-limit" aria-labelledby="device-limit-title">
      <h2 id="device-limit-title" ref={heading} tabIndex={-1}>
        {t('limitTitle')}
      </h2>
      <p>{t('limitText', { max: maxDevices })}</p>
      <DeviceList
        devices={devices}
        action={{ label: (_device, name) => t('limitChoose', { device: name }), onPick: onChoose, busyId, disabled: busyId !== null }}
      />
      <p className="muted">{t('limitHelp')}</p>
      <button type="button" className="button" onClick={onCancel} disabled={busyId !== null}>
        {t('limitCancel')}
      </button>
    </section>
  );
}
