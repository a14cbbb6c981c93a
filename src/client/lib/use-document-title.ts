import { useEffect } from 'react';

const APP_TITLE = 'Table Service';

/** Sets the browser tab title to the page title SPEC §2 names (e.g. 'My Tables'), restoring it on leave. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = APP_TITLE;
    };
  }, [title]);
}
