import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, type RouterOutputs, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { useReceiptsMessages } from './receipts-messages';
import './receipt.css';
import { saveFile } from '../../lib/download';
import { QueryState } from '../../components/query-state';
import { pagePaths } from '../../../shared/page-paths';

type Paper = 'a4' | 'roll';
const percent = (rateBp: number) => `${rateBp / 100}%`;

/** /receipt/:orderId: the receipt (or tax invoice) of an approved order, made for printing. */
type Receipt = RouterOutputs['receipts']['byOrder'];

/** Who sold and who bought: names, contacts, and for a tax invoice the GSTINs and states. */
function ReceiptParties({ r }: { r: Receipt }) {
  const { t, lang } = useReceiptsMessages();
  return (
    <div className="receipt__parties">
      <section aria-labelledby="receipt-from">
        <h2 id="receipt-from">{t('receipt.from')}</h2>
        <p>
          <strong>{r.seller.name}</strong>
          {r.seller.address && <span className="receipt__line">{r.seller.address}</span>}
          {r.seller.phone && <span className="receipt__line">{`${t('receipt.phone')}: ${r.seller.phone}`}</span>}
          {r.seller.email && <span className="receipt__line">{`${t('receipt.email')}: ${r.seller.email}`}</span>}
          {r.tax && <span className="receipt__line">{`${t('receipt.gstin')}: ${r.tax.gstin}`}</span>}
          {r.tax && <span className="receipt__line">{`${t('receipt.state')}: ${r.tax.sellerState[lang]} (${r.tax.sellerState.code})`}</span>}
        </p>
      </section>
      <section aria-labelledby="receipt-to">
        <h2 id="receipt-to">{t('receipt.to')}</h2>
        <p>
          <strong>{r.buyer.name}</strong>
          <span className="receipt__line">{`${t('receipt.email')}: ${r.buyer.email}`}</span>
          {r.buyer.phone && <span className="receipt__line">{`${t('receipt.phone')}: ${r.buyer.phone}`}</span>}
          {r.tax?.buyerGstin && <span className="receipt__line">{`${t('receipt.buyerGstin')}: ${r.tax.buyerGstin}`}</span>}
          {r.tax && (
            <span className="receipt__line">{`${t('receipt.placeOfSupply')}: ${r.tax.buyerState[lang]} (${r.tax.buyerState.code})${r.tax.buyerPin ? `, ${t('receipt.pin')} ${r.tax.buyerPin}` : ''}`}</span>
          )}
        </p>
      </section>
    </div>
  );
}

/** What was bought: list price and discount, the package, the taxes, the total, and the amount in words in both languages. */
function ReceiptItems({ r }: { r: Receipt }) {
  const { t, lang } = useReceiptsMessages();
  return (
    <>
      <table className="receipt__items">
        <thead>
          <tr>
            <th scope="col">{t('receipt.item')}</th>
            <th scope="col" className="receipt__money">
              {r.tax ? t('receipt.taxable') : t('receipt.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {r.discount && (
            <>
              <tr>
                <th scope="row">{t('receipt.listPrice')}</th>
                <td className="receipt__money">{formatRupees(r.discount.listPricePaise)}</td>
              </tr>
              <tr>
                <th scope="row">{t('receipt.discount', { code: r.discount.code })}</th>
                <td className="receipt__money">− {formatRupees(r.discount.discountPaise)}</td>
              </tr>
            </>
          )}
          <tr>
            <td>
              {r.packageName}
              {r.tax && <span className="receipt__line muted">{`${t('receipt.sac')} ${r.tax.sac}`}</span>}
            </td>
            <td className="receipt__money">{formatRupees(r.tax ? r.tax.taxablePaise : r.amountPaise)}</td>
          </tr>
          {r.tax &&
            (r.tax.intraState ? (
              <>
                <tr>
                  <th scope="row">{t('receipt.cgst', { rate: percent(r.tax.rateBp / 2) })}</th>
                  <td className="receipt__money">{formatRupees(r.tax.cgstPaise)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('receipt.sgst', { rate: percent(r.tax.rateBp / 2) })}</th>
                  <td className="receipt__money">{formatRupees(r.tax.sgstPaise)}</td>
                </tr>
              </>
            ) : (
              <tr>
                <th scope="row">{t('receipt.igst', { rate: percent(r.tax.rateBp) })}</th>
                <td className="receipt__money">{formatRupees(r.tax.igstPaise)}</td>
              </tr>
            ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('receipt.total')}</th>
            <td className="receipt__money receipt__total">{formatRupees(r.amountPaise)}</td>
          </tr>
        </tfoot>
      </table>

      <section className="receipt__words" aria-labelledby="receipt-words">
        <h2 id="receipt-words">{t('receipt.words')}</h2>
        {/* The reader's language first. */}
        {(lang === 'mr' ? (['mr', 'en'] as const) : (['en', 'mr'] as const)).map((words) => (
          <p key={words} lang={words}>
            {r.amountInWords[words]}
          </p>
        ))}
      </section>
    </>
  );
}

export default function ReceiptPage() {
  const { orderId = '' } = useParams();
  const { t, lang } = useReceiptsMessages();
  const trpc = useTRPC();
  const receipt = useQuery(trpc.receipts.byOrder.queryOptions({ orderId }, { retry: false }));
  const [paper, setPaper] = useState<Paper>('a4');
  const [downloading, setDownloading] = useState(false);
  const queryClient = useQueryClient();

  /** Saves the receipt's (or its credit note's) PDF, made on the server in the reader's language. */
  async function download(which: 'receipt' | 'creditNote') {
    setDownloading(true);
    try {
      const { fileName, base64 } =
        which === 'receipt'
          ? await queryClient.fetchQuery(trpc.receipts.pdf.queryOptions({ orderId }, { staleTime: 0 }))
          : await queryClient.fetchQuery(trpc.receipts.creditNotePdf.queryOptions({ orderId }, { staleTime: 0 }));
      const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
      saveFile(fileName, new Blob([bytes], { type: 'application/pdf' }));
    } catch (error) {
      toast.error(errorMessage(error, t('receipt.pdfFailed')));
    } finally {
      setDownloading(false);
    }
  }
  const title = receipt.data?.tax ? t('receipt.taxInvoice') : t('receipt.title');
  useDocumentTitle(receipt.data ? `${title} ${receipt.data.number}` : t('receipt.title'));

  return (
    <QueryState
      query={receipt}
      error={(error) => (
        <div className="page">
          <h1>{t('receipt.title')}</h1>
          <p role="alert">{errorMessage(error, t('receipt.loadFailed'))}</p>
          <Link to={pagePaths.myCourses}>{t('receipt.back')}</Link>
        </div>
      )}
    >
      {(r) => (
        <div className="page receipt-page">
          <div className="receipt-actions">
            <button type="button" className="button button--primary" onClick={() => download('receipt')} disabled={downloading}>
              {t('receipt.downloadPdf')}
            </button>
            {r.creditNote && (
              <button type="button" className="button" onClick={() => download('creditNote')} disabled={downloading}>
                {t('receipt.downloadCreditNote', { number: r.creditNote.number })}
              </button>
            )}
          </div>

          <article className={`receipt receipt--${paper}`} aria-labelledby="receipt-title">
            <header className="receipt__head">
              <h1 id="receipt-title">{title}</h1>
              <dl className="receipt__meta">
                <dt>{r.tax ? t('receipt.invoiceNumber') : t('receipt.number')}</dt>
                <dd translate="no">{r.number}</dd>
                <dt>{t('receipt.date')}</dt>
                <dd>{formatIstDateTime(r.issuedAt, lang)}</dd>
              </dl>
            </header>
            {r.reversedAt !== null && <p className="receipt__reversed">{t('receipt.reversed', { date: formatIstDateTime(r.reversedAt, lang) })}</p>}
            {r.creditNote && (
              <p className="receipt__reversed">
                {t('receipt.cancelledBy', { number: r.creditNote.number, date: formatIstDateTime(r.creditNote.issuedAt, lang) })}
              </p>
            )}

            <ReceiptParties r={r} />

            <ReceiptItems r={r} />

            <dl className="receipt__payment">
              <dt>{t('receipt.paidBy', { date: formatIstDateTime(r.paidAt, lang) })}</dt>
              <dd>
                {t('receipt.utr')}:{' '}
                <span translate="no">{r.parts.length > 0 ? r.parts.map((part) => `${part.utr} (${formatRupees(part.amountPaise)})`).join(', ') : r.utr}</span>
              </dd>
            </dl>
            {r.tax && <p className="receipt__note">{t('receipt.inclusive')}</p>}
            <p className="receipt__note">{t('receipt.computer')}</p>
          </article>
          {/* Printing is for those who need paper: folded away under the receipt, with the paper's size. */}
          <details className="receipt-actions receipt-print">
            <summary>{t('receipt.printOptions')}</summary>
            <fieldset className="receipt-actions__paper">
              <legend>{t('receipt.paper')}</legend>
              {(['a4', 'roll'] as const).map((option) => (
                <label key={option}>
                  <input type="radio" name="paper" value={option} checked={paper === option} onChange={() => setPaper(option)} /> {t(`receipt.${option}`)}
                </label>
              ))}
            </fieldset>
            <button type="button" className="button" onClick={() => window.print()}>
              {t('receipt.print')}
            </button>
            <p className="muted">{t('receipt.printHint')}</p>
          </details>
          <p className="receipt-actions">
            <Link to={pagePaths.myCourses}>{t('receipt.back')}</Link>
          </p>
        </div>
      )}
    </QueryState>
  );
}
