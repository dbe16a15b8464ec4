import { languages, type Language } from '../../shared/domain';
import { useCommonMessages } from '../lib/common-messages';
import { chooseShareLanguage, useShareLanguage } from '../lib/share-language';
import { SelectField } from './select-field';

/** Which language the links (and the WhatsApp message) a sponsor shares open in: their audience's, not their own screen's. */
export function ShareLanguageField() {
  const { t } = useCommonMessages();
  const audience = useShareLanguage();
  return (
    <SelectField
      label={t('referral.audienceLanguage')}
      hint={t('referral.audienceLanguageHint')}
      value={audience}
      onChange={(value) => chooseShareLanguage(value as Language)}
      options={languages.map((lang) => ({ value: lang, label: lang === 'mr' ? t('header.marathi') : t('header.english') }))}
    />
  );
}
