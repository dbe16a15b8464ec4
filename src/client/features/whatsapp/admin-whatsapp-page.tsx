import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { type WhatsAppKind, whatsAppKinds } from '../../../shared/domain';
import { dateLocale } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { useWhatsAppMessages } from './whatsapp-messages';
import './whatsapp.css';

/** /admin/whatsapp: WhatsApp messages sent per IST month, by kind, with their cost at the per-message price setting. */
export default function AdminWhatsAppPage() {
  const { t, lang } = useWhatsAppMessages();
  useDocumentTitle(t('admin.title'));
  const trpc = useTRPC();
  const report = useQuery(trpc.whatsapp.report.queryOptions());
  const monthName = new Intl.DateTimeFormat(dateLocale(lang), { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
  const kindName = (kind: string) => ((whatsAppKinds as readonly string[]).includes(kind) ? t(`admin.kinds.${kind as WhatsAppKind}`) : kind);
  return (
    <div className="page">
      <h1>{t('admin.title')}</h1>
      <QueryState query={report} error={t('admin.failed')}>
        {(data) => (
          <>
            {data.enabled ? <p>{t('admin.intro', { price: String(data.priceCentipaise / 100) })}</p> : <p className="muted">{t('admin.off')}</p>}
            {data.months.length === 0 ? (
              <p className="empty-state">{t('admin.none')}</p>
            ) : (
              data.months.map((month) => (
                <table key={month.monthStart} className="whatsapp-report">
                  <caption>{monthName.format(month.monthStart)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.kind')}</th>
                      <th scope="col">{t('admin.messages')}</th>
                      <th scope="col">{t('admin.cost')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {month.byKind.map((row) => (
                      <tr key={row.kind}>
                        <th scope="row">{kindName(row.kind)}</th>
                        <td>{row.messages}</td>
                        <td>{formatRupees(row.costPaise)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{t('admin.total')}</th>
                      <td>{month.messages}</td>
                      <td>{formatRupees(month.costPaise)}</td>
                    </tr>
                  </tfoot>
                </table>
              ))
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
