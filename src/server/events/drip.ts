import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import { packages } from '../db/schema.js';
import { formatIstDate } from '../../shared/ist.js';
import { pagePaths, pathTo } from '../../shared/page-paths.js';
import { findActiveUser } from '../features/auth/accounts.service.js';
import { lectureOpenedEmail } from '../features/drip/drip.emails.js';
import { noticeTo } from '../features/notifications/outbox.service.js';
import type { DomainEvents } from '../lib/domain-events.js';
import type { Notifier } from '../lib/notification-channel.js';

type Deps = { config: Pick<Config, 'siteName' | 'publicUrl'>; notifier: Notifier };

/**
 * What an unlocked lecture tells the learner, in the drip job's transaction: which lectures opened
 * and when the next one opens, by email or (for one who chose it) on WhatsApp. `drip` publishes the
 * event and knows none of this.
 */
export function registerDripConsequences(events: DomainEvents, deps: Deps): void {
  events.on('lectures-unlocked', (tx, event) => {
    const user = findActiveUser(tx, event.userId);
    if (!user) return;
    const pkg = tx.select({ name: packages.name }).from(packages).where(eq(packages.id, event.packageId)).get();
    if (!pkg) return;
    const part = user.lang === 'mr' ? 'भाग' : 'Part';
    const names = event.lectures.map((item) => `${part} ${item.index + 1}${item.title ? ` · ${item.title}` : ''}`).join(', ');
    deps.notifier.enqueue(
      tx,
      noticeTo(
        user,
        `lecture-opened:${event.userId}:${event.packageId}:${event.at}`,
        lectureOpenedEmail,
        {
          siteName: deps.config.siteName,
          name: user.name,
          pkg: pkg.name,
          lectures: names,
          next: event.nextOpensAt === null ? null : formatIstDate(event.nextOpensAt, user.lang),
          link: `${deps.config.publicUrl}${pathTo(pagePaths.player, { courseId: event.packageId })}`,
        },
        {
          kind: 'lecture-opened',
          payload: { packageName: pkg.name, lectureTitle: event.lectures.map((item) => item.title || `${part} ${item.index + 1}`).join(', ') },
        },
      ),
    );
  });
}
