import { useId } from 'react';
import type { Language } from '../../shared/domain';
import { useCommonMessages } from '../lib/common-messages';
import { siteConfig } from '../lib/site-config';
import { CopyButton } from './copy-button';

/** `/packages?ref=CODE&lang=mr`: the sharer's language travels with the link, so its preview and the page open in it. */
export function referralLink(code: string, lang: Language): string {
  return `${siteConfig.publicUrl}/packages?ref=${encodeURIComponent(code)}&lang=${lang}`;
}

/** The user's referral link in the language they read, with a copy button and a WhatsApp share. */
export function ReferralShare({ code }: { code: string }) {
  const { t, lang } = useCommonMessages();
  const id = useId();
  // Copied, shown or sent on WhatsApp: one link, in the sharer's language.
  const link = referralLink(code, lang);
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(t('referral.whatsappText', { siteName: siteConfig.siteName, link }))}`;
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
