/**
 * Focus never falls to <body> (issue 12, WCAG 2.4.3): when the control someone used disappears (a menu link, a
 * sign-in form, a completed card, the sound banner), focus moves to the page's heading, which screen readers then
 * read, so the person knows where they are.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const HEADING = '#main h1';

/** Focuses the page's h1 (made focusable by script, not by Tab). Returns whether there was one. */
export function focusPageHeading(): boolean {
  const heading = document.querySelector<HTMLElement>(HEADING);
  if (heading === null) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: false });
  return true;
}

/** Focus is lost: on <body>, nowhere, or on an element no longer in the page. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

const WAIT_FOR_HEADING_MS = 3_000;

/**
 * Moves focus to the page's heading once it is drawn (routes are lazy chunks: it may come a moment later), as long as
 * `shouldMove` still says so. Returns a cancel.
 */
export function focusHeadingWhenDrawn(shouldMove: () => boolean = focusIsLost): () => void {
  const started = performance.now();
  let frame = 0;
  const attempt = () => {
    // A heading still from the old page would be wrong: it is replaced in the same commit as the URL, except
    // while a lazy chunk loads (then there is no h1 at all, only the spinner).
    if (!shouldMove() || focusPageHeading()) return;
    if (performance.now() - started < WAIT_FOR_HEADING_MS) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/**
 * On every route change after the first page, moves focus to the new page's heading when focus was lost or was
 * on the navigation that caused the change.
 */
export function useFocusHeadingOnRouteChange(navSelector: string): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const shouldMove = () => focusIsLost() || document.activeElement?.closest(navSelector) !== null;
    if (!shouldMove()) return;
    return focusHeadingWhenDrawn(shouldMove);
  }, [pathname, navSelector]);
}
