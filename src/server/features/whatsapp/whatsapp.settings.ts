import type { Config } from '../../config.js';

/** The WhatsApp settings when they are set (the config's `whatsapp` is null otherwise). */
export type WhatsAppSettings = NonNullable<Config['whatsapp']>;
