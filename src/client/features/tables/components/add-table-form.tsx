import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { TABLE_NUMBER_MAX } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { FieldError, inputClass, tooLongError } from '../../../components/ui/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreateTable } from '../api/tables-api';

/** SPEC §2/§5 Add table: number required and trimmed, a restaurant selected, unique within the restaurant. */
export function AddTableForm({ restaurantId }: { restaurantId: string | null }) {
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const create = useCreateTable();
  const inputId = useId();
  const errorId = `${inputId}-error`;

  function fail(message: string) {
    setError(message);
    toast.error(message);
    inputRef.current?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = number.trim();
    if (!trimmed) return fail(MSG.tableNumberRequired);
    const tooLong = tooLongError(trimmed, TABLE_NUMBER_MAX);
    if (tooLong) return fail(tooLong);
    if (restaurantId === null) return fail(MSG.noRestaurantSelected);
    setError(null);
    create.mutate(
      { restaurantId, number: trimmed },
      {
        onSuccess: () => {
          toast.success(MSG.tableCreated);
          setNumber('');
          inputRef.current?.focus();
        },
        onError: (err) => {
          if (err instanceof ApiRequestError && err.status === 409) fail(MSG.tableNumberExists);
          else fail(MSG.createTableFailed);
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label="Add a table"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Table Number
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={inputId}
          name="tableNumber"
          inputMode="text"
          autoComplete="off"
          placeholder="e.g. 12 or A1"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={number}
          onChange={(event) => {
            setNumber(event.target.value);
            // Never cut what was typed or pasted: say it is too long instead (issue 13).
            setError(tooLongError(event.target.value, TABLE_NUMBER_MAX));
          }}
          className={`${inputClass(Boolean(error))} sm:max-w-xs`}
        />
        <Button type="submit" size="lg" isLoading={create.isPending}>
          Add Table
        </Button>
      </div>
      {error && (
        <div className="mt-2">
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      )}
    </form>
  );
}
