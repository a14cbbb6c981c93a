import { MSG } from '../../../../shared/messages';

/** SPEC §2: missing restaurant or table, or a table of another restaurant. */
export function TableNotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-canvas px-6 text-center">
      <h1 className=" text-2xl font-bold text-ink">{MSG.tableNotFoundTitle}</h1>
      <p className="mt-2 text-body">{MSG.tableNotFoundBody}</p>
    </main>
  );
}
