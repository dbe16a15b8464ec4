import { useId } from 'react';
import { useCommonMessages } from '../lib/common-messages';
import { siteConfig } from '../lib/site-config';
import { CopyButton } from './copy-button';

export function referralLink(code: string): string {
  return `${siteConfig.publicUrl}/packages?ref=${encodeURIComponent(code)}`;
}

/** The user's referral link, with a copy button and a WhatsApp share in the chosen language. */
export function ReferralShare({ code }: { code: string }) {
  const { t, lang } = useCommonMessages();
  const id = useId();
  const link = referralLink(code);
  // The shared link carries the sharer's language, so its preview and the page open in it.
  const shared = lang === 'en' ? link : `${link}&lang=${lang}`;
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(t('referral.whatsappText', { siteName: siteConfig.siteName, link: shared }))}`;
  return (
    <section className="referral-share" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('referral.title')}</h2>
      <p className="muted">{t('referral.hint')}</p>
      <label htmlFor={id} className="field__label">
        {t('referral.label')}
      </label>
      <input id={id} className="field__input" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
      <div className="button-row">
        <CopyButton text={link} label={t('referral.copy')} copiedMessage={t('referral.copied')} failedMessage={t('referral.copyFailed')} />
        <a className="button button--whatsapp" href={whatsapp} target="_blank" rel="noopener noreferrer">
          {t('referral.whatsapp')}
        </a>
      </div>
    </section>
  );
}
