/** What the two sign-in forms share on the sign-in page (decision 103). */
import { useEffect, type RefObject } from 'react';
import type { User } from '@shared/schemas';

export interface SignInFormProps {
  /** The server accepted the sign-in: the page hands over to the staff app, at the user's home. */
  onSignedIn: (user: User) => void;
  /**
   * False while the page is the server's drawing and the app has not taken it over: the submit button says it is
   * not ready yet (aria-disabled), and boot.ts keeps the form from being sent natively.
   */
  live: boolean;
}

/**
 * The form's first values: what is already typed into the inputs of the same names on the page the server drew
 * (someone may type before the app has loaded), else `defaults`. Outside a browser, `defaults`.
 */
export function drawnValues<T extends Record<string, string>>(defaults: T): T {
  if (typeof document === 'undefined') return defaults;
  const values: Record<string, string> = { ...defaults };
  for (const name of Object.keys(defaults)) {
    const input = document.querySelector<HTMLInputElement>(`#root input[name="${name}"]`);
    if (input !== null && input.value !== '') values[name] = input.value;
  }
  return values as T;
}

/**
 * A sign-in sent before the app had taken the drawn page over (boot.ts stopped it and noted it) is sent once the page
 * is live, with what was typed (drawnValues).
 */
export function useEarlySubmit(form: RefObject<HTMLFormElement | null>, live: boolean): void {
  useEffect(() => {
    const data = document.documentElement.dataset;
    if (!live || data.earlySubmit === undefined) return;
    delete data.earlySubmit;
    form.current?.requestSubmit();
  }, [form, live]);
}

/** A tab chosen before the page was live (boot.ts noted it), once it is. */
export function takeEarlyTab(): string | undefined {
  const data = document.documentElement.dataset;
  const tab = data.earlyTab;
  delete data.earlyTab;
  return tab;
}
