import { useId } from 'react';
import type { Language } from '../../shared/domain';
import en from '../locales/en/common.json';
import mr from '../locales/mr/common.json';
import { useCommonMessages } from '../lib/common-messages';
import { interpolate } from '../lib/i18n';
import { useShareLanguage } from '../lib/share-language';
import { siteConfig } from '../lib/site-config';
import { CopyButton } from './copy-button';
import { ShareLanguageField } from './share-language-field';

/** `/packages?ref=CODE&lang=mr`: the audience's language travels with the link, so its preview and the page open in it. */
export function referralLink(code: string, lang: Language): string {
  return `${siteConfig.publicUrl}/packages?ref=${encodeURIComponent(code)}&lang=${lang}`;
}

/** The user's referral link in their audience's language, with a copy button and a WhatsApp share in that language. */
export function ReferralShare({ code }: { code: string }) {
  const { t } = useCommonMessages();
  const audience = useShareLanguage();
  const id = useId();
  // Copied, shown or sent on WhatsApp: one link, in the audience's language.
  const link = referralLink(code, audience);
  const message = interpolate({ en, mr }[audience].referral.whatsappText, { siteName: siteConfig.siteName, link });
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(message)}`;
  return (
    <section className="referral-share" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('referral.title')}</h2>
      <p className="muted">{t('referral.hint')}</p>
      <ShareLanguageField />
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
