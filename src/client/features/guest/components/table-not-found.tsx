import { guestText } from '@shared/i18n/guest';
import { useI18n } from '../../../lib/i18n';

/** SPEC §2: missing restaurant or table, or a table of another restaurant. */
export function TableNotFound() {
  const i18n = useI18n();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-canvas px-6 text-center">
      <h1 className=" text-2xl font-bold text-ink">{guestText(i18n, 'guest.notFoundTitle')}</h1>
      <p className="mt-2 text-body">{guestText(i18n, 'guest.notFoundBody')}</p>
    </main>
  );
}
