import { LOCALE_LABELS, LOCALES } from '@shared/i18n/locales';

/** The app's languages as <option>s of a select, each named in itself and marked with its lang (issue 15). */
export function LocaleOptions({ className }: { className?: string }) {
  return LOCALES.map((code) => (
    <option key={code} value={code} lang={code} className={className}>
      {LOCALE_LABELS[code]}
    </option>
  ));
}
