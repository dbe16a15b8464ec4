import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { NeedsMapping } from './statement-types';
import { useStatementsMessages } from './statements-messages';
import { Field } from '../../components/field';

export type ChosenColumns = { date: number; description: number; reference: number | null; credit: number };
type Role = keyof ChosenColumns;

const ROLES: Role[] = ['date', 'description', 'reference', 'credit'];

/** A first guess from the header texts; the admin checks it. */
const GUESSES: Record<Role, RegExp> = {
  date: /date|\bdt\b/i,
  description: /narration|description|remark|particular|detail/i,
  reference: /utr|ref|chq|cheque/i,
  credit: /credit|deposit|\bcr\b|money in|received/i,
};

function guess(headers: string[]): Record<Role, string> {
  const taken = new Set<number>();
  const pick = (role: Role) => {
    const index = headers.findIndex((header, column) => !taken.has(column) && GUESSES[role].test(header));
    if (index < 0) return '';
    taken.add(index);
    return String(index);
  };
  return { date: pick('date'), description: pick('description'), credit: pick('credit'), reference: pick('reference') };
}

type Props = {
  request: NeedsMapping;
  busy: boolean;
  onSubmit: (columns: ChosenColumns) => void;
  onCancel: () => void;
};

/** Asks once which column holds what, for a bank layout the app does not know. */
export function ColumnMapping({ request, busy, onSubmit, onCancel }: Props) {
  const { t } = useStatementsMessages();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState<Record<Role, string>>(() => guess(request.headers));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const headerName = (header: string, index: number) => header || t('mapping.column', { number: index + 1 });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.date === '' || chosen.description === '' || chosen.credit === '') {
      setError(t('mapping.missing'));
      return;
    }
    setError(null);
    onSubmit({
      date: Number(chosen.date),
      description: Number(chosen.description),
      credit: Number(chosen.credit),
      reference: chosen.reference === '' ? null : Number(chosen.reference),
    });
  }

  return (
    <section className="statements__section notice" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('mapping.title')}
      </h2>
      <p>{t('mapping.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <div className="statements__mapping-fields">
          {ROLES.map((role) => (
            <Field key={role} htmlFor={`${id}-${role}`} label={t(`mapping.${role}`)}>
              <select
                id={`${id}-${role}`}
                value={chosen[role]}
                aria-invalid={error && role !== 'reference' && chosen[role] === '' ? true : undefined}
                onChange={(event) => setChosen((current) => ({ ...current, [role]: event.target.value }))}
              >
                <option value="">{role === 'reference' ? t('mapping.none') : t('mapping.choose')}</option>
                {request.headers.map((header, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns are known by their position
                  <option key={index} value={String(index)}>
                    {headerName(header, index)}
                  </option>
                ))}
              </select>
            </Field>
          ))}
        </div>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so a keyboard can scroll it */}
        {/* biome-ignore lint/a11y/useSemanticElements: a wrapper of the table, not a section of the page */}
        <div className="statements__table-wrap" tabIndex={0} role="region" aria-label={t('mapping.sample')}>
          <table className="statements__table">
            <caption>{t('mapping.sample')}</caption>
            <thead>
              <tr>
                {request.headers.map((header, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns are known by their position
                  <th key={index} scope="col">
                    {headerName(header, index)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {request.sample.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the sample rows never reorder
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns are known by their position
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('mapping.submit')}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            {t('mapping.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
