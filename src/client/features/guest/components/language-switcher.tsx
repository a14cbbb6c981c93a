import { guestText } from '@shared/i18n/guest';
import { isLocale, type Locale } from '@shared/i18n/locales';
import { useI18n } from '../../../lib/i18n';
import { LocaleOptions } from '../../../components/locale-options';

/**
 * Issue 15: the guest picks the page's language (decision 047). A native select: small at 360 px, operable by
 * keyboard and screen reader, and every phone shows its own picker. Each language is named in itself, and marked
 * with its lang so a screen reader says it right.
 */
export function LanguageSwitcher({
  locale,
  onChange,
}: {
  locale: Locale;
  onChange: (locale: Locale) => void;
}) {
  const i18n = useI18n();
  return (
    <select
      aria-label={guestText(i18n, 'guest.language')}
      value={locale}
      onChange={(event) => {
        if (isLocale(event.target.value)) onChange(event.target.value);
      }}
      className="min-h-10 max-w-40 cursor-pointer truncate rounded-control border border-current/40 bg-transparent ps-2 pe-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current"
    >
      <LocaleOptions className="text-ink" />
    </select>
  );
}
