import type { Language } from '../../shared/domain';
import { useCommonMessages } from '../lib/common-messages';
import { changeLanguage } from '../lib/i18n';

const options: { lang: Language; labelKey: 'header.english' | 'header.marathi' }[] = [
  { lang: 'en', labelKey: 'header.english' },
  { lang: 'mr', labelKey: 'header.marathi' },
];

/** Two buttons, the current one pressed; the choice is remembered on this browser. */
export function LanguageSwitch({ onChange }: { onChange?: (lang: Language) => void }) {
  const { t, lang: current } = useCommonMessages();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset
    <div className="lang-switch" role="group" aria-label={t('header.language')}>
      {options.map(({ lang, labelKey }) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={current === lang}
          className="lang-switch__option"
          onClick={() => {
            if (lang === current) return;
            changeLanguage(lang);
            onChange?.(lang);
          }}
        >
          {t(labelKey)}
        </button>
      ))}
    </div>
  );
}
