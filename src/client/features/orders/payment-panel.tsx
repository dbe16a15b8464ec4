import { useState } from 'react';
import toast from 'react-hot-toast';
import { CopyButton } from '../../components/copy-button';
import { formatRupees, paiseAsText } from '../../../shared/money';
import { canShareFiles, qrCardPng, qrFileName } from './qr-card';
import { useOrdersMessages } from './orders-messages';
import { saveFile } from '../../lib/download';
import type { RouterOutputs } from '../../lib/trpc';

type PaymentInfo = RouterOutputs['orders']['paymentDetails'];

function GalleryIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <rect x="12" y="3" width="24" height="42" rx="4" fill="#fff" stroke="currentColor" strokeWidth="2.5" />
      <rect x="17" y="10" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M19 12h4v4h-4zM25 18h4v4h-4zM19 20h2v2h-2z" fill="currentColor" />
      <path d="M24 28v10m-4-4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ScanIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <path
        d="M6 16V8a2 2 0 0 1 2-2h8M32 6h8a2 2 0 0 1 2 2v8M42 32v8a2 2 0 0 1-2 2h-8M16 42H8a2 2 0 0 1-2-2v-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <rect x="14" y="14" width="20" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="20" cy="20" r="2.5" fill="currentColor" />
      <path d="m15 29 7-6 4 3 3-2 5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** Save QR and Share QR: the code as a picture, for paying with the same phone's UPI app. */
function QrForThisPhone({ info }: { info: PaymentInfo }) {
  const { t } = useOrdersMessages();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [shareable] = useState(canShareFiles);
  const amount = formatRupees(info.amountPaise);
  const picture = () => qrCardPng(info.qrDataUrl, { payee: info.payeeName, upiId: info.upiId, amount, packageName: info.packageName });
  const fileName = qrFileName(info.packageName, info.amountPaise);

  async function save() {
    setBusy(true);
    try {
      saveFile(fileName, await picture());
      setSaved(true);
      toast.success(t('pay.qrSaved', { file: fileName }));
    } catch {
      toast.error(t('pay.qrFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function share() {
    setBusy(true);
    try {
      const file = new File([await picture()], fileName, { type: 'image/png' });
      await navigator.share({
        files: [file],
        title: t('pay.shareTitle', { name: info.packageName }),
        text: t('pay.shareText', { amount, payee: info.payeeName }),
      });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(t('pay.qrFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="one-phone" aria-labelledby="one-phone-title">
      <h4 id="one-phone-title">{t('pay.onePhone')}</h4>
      <ol className="one-phone__steps">
        <li>
          <GalleryIcon />
          <span>{t('pay.stepSave')}</span>
        </li>
        <li>
          <ScanIcon />
          <span>{t('pay.stepScan')}</span>
        </li>
      </ol>
      <div className="one-phone__actions">
        <button type="button" className="button button--primary" onClick={save} disabled={busy}>
          {t('pay.saveQr')}
        </button>
        {shareable && (
          <button type="button" className="button" onClick={share} disabled={busy}>
            {t('pay.shareQr')}
          </button>
        )}
      </div>
      {/* The toast goes; where the picture went stays on screen while the learner switches apps. */}
      {saved && (
        <p role="status" className="one-phone__saved">
          {t('pay.qrSaved', { file: fileName })}
        </p>
      )}
    </section>
  );
}

/** Step 1 of the payment popup: the QR, the UPI id and amount to copy, and the ways to pay from this phone. */
export function PaymentPanel({ info, phone }: { info: PaymentInfo; phone: boolean }) {
  const { t } = useOrdersMessages();
  const amount = formatRupees(info.amountPaise);
  return (
    <>
      <p className="muted">{t('pay.scan')}</p>
      <img className="checkout__qr" src={info.qrDataUrl} alt={t('pay.qrAlt', { amount, payee: info.payeeName })} width="240" height="240" />
      <p className="checkout__upi">
        <span>
          {t('pay.upiId')}: <strong translate="no">{info.upiId}</strong>
        </span>
        <CopyButton text={info.upiId} label={t('pay.copyUpi')} copiedMessage={t('pay.upiCopied')} failedMessage={t('pay.copyFailed')} />
      </p>
      <p className="checkout__upi">
        <span>
          {t('pay.amount')}: <strong>{amount}</strong>
        </span>
        <CopyButton
          text={paiseAsText(info.amountPaise, { wholeAsInteger: true })}
          label={t('pay.copyAmount')}
          copiedMessage={t('pay.amountCopied')}
          failedMessage={t('pay.copyFailed')}
        />
      </p>
      {phone && (
        <>
          <QrForThisPhone info={info} />
          <div className="one-phone__app">
            <a className="button button--block" href={info.upiLink} aria-describedby="open-app-note">
              {t('pay.openApp')}
            </a>
            <p id="open-app-note" className="muted">
              {t('pay.openAppNote')}
            </p>
          </div>
        </>
      )}
    </>
  );
}

/** "Where is my UTR?": where each common UPI app shows the 12-digit number. */
export function UtrHelp() {
  const { t } = useOrdersMessages();
  return (
    <details className="utr-help">
      <summary>{t('utrHelp.title')}</summary>
      <p>{t('utrHelp.intro')}</p>
      <ul>
        <li>
          <strong>Google Pay</strong>: {t('utrHelp.gpay')}
        </li>
        <li>
          <strong>PhonePe</strong>: {t('utrHelp.phonepe')}
        </li>
        <li>
          <strong>Paytm</strong>: {t('utrHelp.paytm')}
        </li>
        <li>
          <strong>BHIM</strong>: {t('utrHelp.bhim')}
        </li>
      </ul>
      <p>{t('utrHelp.sms')}</p>
    </details>
  );
}
