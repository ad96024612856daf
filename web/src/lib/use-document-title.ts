import { useEffect } from 'react';

export const SITE_TITLE = 'Dwa — Online mall for Ghana';

/** Sets `document.title` to "<title> · Dwa", or the site title when `title` is undefined. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · Dwa` : SITE_TITLE;
  }, [title]);
}
