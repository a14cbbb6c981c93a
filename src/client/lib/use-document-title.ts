import { useEffect } from 'react';

const APP_TITLE = 'Table Service';

// The tab title is the page's title, prefixed with the pending count on a server's screens (issue 12): '(3) My
// Tables'. Two hooks own one part each, so neither overwrites the other.
let pageTitle = APP_TITLE;
let pendingCount = 0;

/** '(3) My Tables', or the bare title when nothing is pending. */
function composeTitle(title: string, pending: number): string {
  return pending > 0 ? `(${pending}) ${title}` : title;
}

function apply(): void {
  document.title = composeTitle(pageTitle, pendingCount);
}

/** Sets the browser tab title to the page title SPEC §2 names (e.g. 'My Tables'), restoring it on leave. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    pageTitle = title;
    apply();
    return () => {
      pageTitle = APP_TITLE;
      apply();
    };
  }, [title]);
}

/** Prefixes the tab title with the number of pending requests while mounted. */
export function usePendingTitleCount(count: number): void {
  useEffect(() => {
    pendingCount = count;
    apply();
    return () => {
      pendingCount = 0;
      apply();
    };
  }, [count]);
}
