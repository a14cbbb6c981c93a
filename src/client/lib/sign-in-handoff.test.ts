import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  goToSignIn,
  leaveSignInGreeting,
  takeSignInGreeting,
  takeSignInNotice,
} from './sign-in-handoff';

function browser() {
  const store = new Map<string, string>();
  const replace = vi.fn();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    },
    location: { replace },
  });
  return { store, replace };
}

afterEach(() => vi.unstubAllGlobals());

describe('between the staff app and the sign-in page (decision 103)', () => {
  it('loads /login in place, and the sign-in page says the word it was left once', () => {
    const { replace, store } = browser();
    goToSignIn({ kind: 'info', text: 'Please sign in to continue.' });
    expect(replace).toHaveBeenCalledWith('/login');
    expect(takeSignInNotice()).toEqual({ kind: 'info', text: 'Please sign in to continue.' });
    expect(takeSignInNotice()).toBeNull();
    // Reached again while the page is already leaving: loaded once, the last word kept.
    goToSignIn({ kind: 'success', text: 'Account deleted successfully' });
    expect(replace).toHaveBeenCalledTimes(1);
    expect(takeSignInNotice()).toEqual({ kind: 'success', text: 'Account deleted successfully' });
    goToSignIn();
    expect(takeSignInNotice()).toBeNull();
    // Whatever else is stored there is not a word to say.
    store.set('table-service.sign-in-notice', '{"kind":"success"}');
    expect(takeSignInNotice()).toBeNull();
    store.set('table-service.sign-in-notice', 'not json');
    expect(takeSignInNotice()).toBeNull();
  });

  it('waits for the person’s own sign-out to answer, and says its word', async () => {
    const { replace } = browser();
    vi.resetModules();
    const handoff = await import('./sign-in-handoff');
    handoff.beginOwnSignOut();
    // The session's end on the live channel comes first: it does not load the page.
    handoff.goToSignIn({ kind: 'info', text: 'Please sign in to continue.' });
    expect(replace).not.toHaveBeenCalled();
    handoff.goToSignIn({ kind: 'success', text: 'Account deleted successfully' }, true);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(handoff.takeSignInNotice()).toEqual({
      kind: 'success',
      text: 'Account deleted successfully',
    });
  });

  it('hands the greeting to the staff app once', () => {
    expect(takeSignInGreeting()).toBeNull();
    leaveSignInGreeting('Login successful!');
    expect(takeSignInGreeting()).toBe('Login successful!');
    expect(takeSignInGreeting()).toBeNull();
  });
});
