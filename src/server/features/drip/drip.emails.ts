import { defineEmail } from '../../lib/mailer.js';

type Site = { siteName: string };

/** A lecture (or more) of a package on a schedule opened: what opened, and when the next one opens. */
export const lectureOpenedEmail = defineEmail<Site & { name: string; pkg: string; lectures: string; next: string | null; link: string }>({
  kind: 'lecture-opened',
  subject: {
    en: ({ pkg }) => `A new lecture of ${pkg} is open`,
    mr: ({ pkg }) => `${pkg} चे नवीन लेक्चर उघडले आहे`,
  },
  body: {
    en: ({ name, pkg, lectures, next, link }) =>
      `Hello ${name},\n\nNow open in ${pkg}: ${lectures}.\n\nWatch it here: ${link}${next ? `\n\nThe next lecture opens on ${next} (IST).` : ''}`,
    mr: ({ name, pkg, lectures, next, link }) =>
      `नमस्कार ${name},\n\n${pkg} मध्ये आता उघडले: ${lectures}.\n\nइथे पाहा: ${link}${next ? `\n\nपुढचे लेक्चर ${next} (IST) ला उघडेल.` : ''}`,
  },
});
