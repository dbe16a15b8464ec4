import { Link, type LinkProps } from 'react-router';

type Props = Omit<LinkProps, 'className'> & {
  /** `primary`: the page's main way on; `danger`: to where something is destroyed; else a plain button. */
  look?: 'primary' | 'danger';
  /** More classes beside the button's (`button--large`, `button--block`). */
  className?: string;
};

/** A link within the app that looks like a button (it stays a link: it goes somewhere, it does nothing there). */
export function ButtonLink({ look, className, ...link }: Props) {
  return <Link className={['button', look && `button--${look}`, className].filter(Boolean).join(' ')} {...link} />;
}
