/**
 * The staff's note on one of my tables (decision 096: "allergy seat 2"): shown on the card, edited in place. One line
 * of plain text, the guest note's rules (checked here in the reader's language, and again by the server); it travels
 * with the table in a hand-over and shows on the console's row of that table.
 */
import { useId, useState } from 'react';
import { appText } from '@shared/i18n/app';
import { NOTE_MAX, normalizeNote, noteLength, noteProblem } from '@shared/guest-note';
import type { Table } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { actionFailed, actionSucceeded } from '../../../lib/action-toast';
import { messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useSetTableNote } from '../api/tables-api';

export function TableNoteEditor({ table, describedBy }: { table: Table; describedBy: string }) {
  const i18n = useI18n();
  const inputId = useId();
  const errorId = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(table.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSetTableNote();

  if (!editing)
    return (
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 text-sm" data-testid="table-note">
          {table.note === null ? (
            <span className="text-muted">{appText(i18n, 'app.shifts.noNote')}</span>
          ) : (
            <>
              <span className="sr-only">{appText(i18n, 'app.shifts.tableNote')}: </span>
              <span dir="auto" className="text-ink [overflow-wrap:anywhere]">
                {table.note}
              </span>
            </>
          )}
        </p>
        <Button
          variant="ghost"
          className="-my-2"
          aria-describedby={describedBy}
          onClick={() => {
            setText(table.note ?? '');
            setError(null);
            setEditing(true);
          }}
        >
          {appText(i18n, table.note === null ? 'app.shifts.addNote' : 'app.shifts.editNote')}
        </Button>
      </div>
    );

  const submit = () => {
    const note = normalizeNote(text);
    const problem = note === null ? null : noteProblem(note);
    if (problem) {
      setError(
        appText(
          i18n,
          problem === 'note_too_long' ? 'app.shifts.noteTooLong' : 'app.shifts.noteInvalid',
          { max: NOTE_MAX },
        ),
      );
      return;
    }
    save.mutate(
      { tableId: table.id, note: note ?? '' },
      {
        onSuccess: () => {
          setEditing(false);
          actionSucceeded('table-note', appText(i18n, 'app.shifts.noteSaved'));
        },
        onError: (e) =>
          actionFailed('table-note', messageFrom(e, appText(i18n, 'app.shifts.noteFailed'))),
      },
    );
  };

  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
        {appText(i18n, 'app.shifts.tableNote')}
      </label>
      <input
        id={inputId}
        autoFocus
        dir="auto"
        value={text}
        maxLength={NOTE_MAX * 2}
        placeholder={appText(i18n, 'app.shifts.notePlaceholder')}
        aria-invalid={error !== null || undefined}
        aria-describedby={error !== null ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        className="min-h-11 w-full rounded-control border border-line-strong bg-white px-3 text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      <p className="text-xs text-muted" aria-live="polite">
        {appText(i18n, 'app.shifts.noteCount', { count: noteLength(text.trim()), max: NOTE_MAX })}
      </p>
      {error !== null && (
        <p id={errorId} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button variant="secondary" type="button" onClick={() => setEditing(false)}>
          {appText(i18n, 'app.shifts.cancel')}
        </Button>
        <Button type="submit" isLoading={save.isPending}>
          {appText(i18n, 'app.shifts.saveNote')}
        </Button>
      </div>
    </form>
  );
}
