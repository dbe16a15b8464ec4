import { AppError, defineErrors } from '../../lib/errors.js';
import catalog from './devices.errors.json' with { type: 'json' };

export const deviceErrors = defineErrors(catalog);

/**
 * A learner's login beyond MAX_DEVICES_PER_LEARNER: the password was right, no session was
 * started, and the answer lists the learner's devices so that they can log one out (409).
 */
export function deviceLimitReached(limit: number, devices: unknown[], thisDevice: unknown): AppError {
  return new AppError(
    'DEVICE_LIMIT',
    'CONFLICT',
    {
      en: `You are already logged in on ${limit} ${limit === 1 ? 'device' : 'devices'}, the most allowed. Log out of one of them to log in here.`,
      mr: `तुम्ही आधीच ${limit} डिव्हाइसवर लॉग इन आहात, यापेक्षा जास्त चालत नाहीत. इथे लॉग इन करण्यासाठी त्यापैकी एकातून लॉग आउट करा.`,
    },
    // `thisDevice`: how the device asking is named, so the learner tells it from the listed ones.
    { details: { devices, maxDevices: limit, thisDevice } },
  );
}
