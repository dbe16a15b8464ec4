import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePagesMessages, type StaticPageKey } from './pages-messages';

/** A page of plain text from the `pages` catalogue: a title, then headed sections. */
export function StaticPage({ page, children }: { page: StaticPageKey; children?: ReactNode }) {
  const { t, get } = usePagesMessages();
  const title = t(`${page}.title`);
  useDocumentTitle(title);
  return (
    <article className="prose page">
      <h1>{title}</h1>
      {get(`${page}.sections`).map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      {children}
    </article>
  );
}
