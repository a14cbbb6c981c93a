import { guestText } from '@shared/i18n/guest';
import { useI18n } from '../../../lib/i18n';

/**
 * SPEC §2: missing restaurant or table, or a table of another restaurant. `replaced` (decision 089): the code was
 * a table's until the restaurant regenerated its QR codes; the page says plainly that it is no longer valid.
 */
export function TableNotFound({ replaced = false }: { replaced?: boolean }) {
  const i18n = useI18n();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-canvas px-6 text-center">
      <h1 className=" text-2xl font-bold text-ink">
        {guestText(i18n, replaced ? 'guest.codeReplacedTitle' : 'guest.notFoundTitle')}
      </h1>
      <p className="mt-2 max-w-sm text-body">
        {guestText(i18n, replaced ? 'guest.codeReplacedBody' : 'guest.notFoundBody')}
      </p>
    </main>
  );
}
