import { TextField } from '../../components/text-field';
import { tickOf, useEnteredEarly } from '../../lib/use-entered-early';
import { useAuthMessages } from './auth-messages';

/** The answer to "are you 18 or older?": null until the person chooses. */
export type AgeAnswer = { adult: boolean | null; parentEmail: string };

/**
 * "Are you 18 or older?" with two choices, none chosen at first; under 18, the parent's email,
 * where the code that gives their consent goes (DPDP Act s. 9). Used by sign-up and by the
 * question asked of an account made without it.
 */
export function AgeFields({
  value,
  onChange,
  errors,
}: {
  value: AgeAnswer;
  onChange: (value: AgeAnswer) => void;
  errors: { adult?: string | undefined; parentEmail?: string | undefined };
}) {
  const { t } = useAuthMessages();
  const choose = (adult: boolean) => onChange({ ...value, adult });
  // A choice made before the app hydrated sign-up is taken into the answer.
  const adultChoice = useEnteredEarly(tickOf, value.adult === true, (ticked) => ticked && choose(true));
  const minorChoice = useEnteredEarly(tickOf, value.adult === false, (ticked) => ticked && choose(false));
  return (
    <>
      <fieldset className="field" aria-describedby={errors.adult ? 'age-problem' : undefined}>
        <legend className="field__label">{t('age.question')}</legend>
        <label className="field--check">
          <input ref={adultChoice} type="radio" name="adult" checked={value.adult === true} onChange={() => choose(true)} /> {t('age.adult')}
        </label>
        <label className="field--check">
          <input ref={minorChoice} type="radio" name="adult" checked={value.adult === false} onChange={() => choose(false)} /> {t('age.minor')}
        </label>
        {errors.adult && (
          <p id="age-problem" className="field__error" role="alert">
            {errors.adult}
          </p>
        )}
      </fieldset>
      {value.adult === false && (
        <TextField
          label={t('age.parentEmail')}
          hint={t('age.parentHint')}
          type="email"
          name="parentEmail"
          autoComplete="off"
          required
          error={errors.parentEmail ?? null}
          value={value.parentEmail}
          onChange={(parentEmail) => onChange({ ...value, parentEmail })}
        />
      )}
    </>
  );
}
