import { useId } from 'react';
import { toast } from '../lib/toast';
import { appText } from '@shared/i18n/app';
import { isLocale } from '@shared/i18n/locales';
import { useSetLanguage } from '../lib/account-api';
import { useI18n } from '../lib/i18n';
import { useSession } from '../lib/session-api';
import { inputClass } from './ui/form-field';
import { LocaleOptions } from './locale-options';

const BROWSER = 'browser';

/**
 * Issue 15 (decision 047): the signed-in user's language — their screens, toasts, push notifications and mails —
 * or the browser's. Saved as soon as it is picked; the screens switch without a reload.
 */
export function AccountLanguage() {
  const i18n = useI18n();
  const { user } = useSession();
  const setLanguage = useSetLanguage();
  const selectId = useId();
  const hintId = useId();
  if (user === null) return null;
  return (
    <section className="flex flex-col gap-1.5">
      <label htmlFor={selectId} className="text-sm font-medium text-ink-soft">
        {appText(i18n, 'app.account.language')}
      </label>
      <select
        id={selectId}
        aria-describedby={hintId}
        value={user.language ?? BROWSER}
        disabled={setLanguage.isPending}
        onChange={(event) => {
          const value = event.target.value;
          setLanguage.mutate(isLocale(value) ? value : null, {
            onSuccess: () => toast.success(appText(i18n, 'app.account.languageSaved')),
            onError: () => toast.error(appText(i18n, 'app.account.languageFailed')),
          });
        }}
        className={`${inputClass(false)} sm:max-w-md`}
      >
        <option value={BROWSER}>{appText(i18n, 'app.account.languageBrowser')}</option>
        <LocaleOptions />
      </select>
      <p id={hintId} className="text-sm text-body">
        {appText(i18n, 'app.account.languageHint')}
      </p>
    </section>
  );
}
