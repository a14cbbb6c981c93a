import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { TABLE_INPUT_MAX } from '@shared/constants';
import { appTableLabel, appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import { parseTableInput, type TableInputError } from '@shared/table-input';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { useCreateTable, useCreateTables } from '../api/tables-api';

/** Labels as a reader lists them: 'Table 3, Terrace 2' (the reader's list words and table word). */
const labelList = (i18n: I18n, labels: readonly string[]) =>
  new Intl.ListFormat(i18n.locale, { type: 'unit' }).format(
    labels.map((label) => appTableLabel(i18n, label)),
  );

function inputErrorText(i18n: I18n, error: TableInputError): string {
  switch (error.code) {
    case 'empty':
      return appText(i18n, 'app.admin.tables.numberRequired');
    case 'too_many':
      return appText(i18n, 'app.admin.tables.tooMany', { max: error.max });
    case 'too_long':
      return appText(i18n, 'app.admin.tables.tooLong', { label: error.label, max: error.max });
    case 'descending':
      return appText(i18n, 'app.admin.tables.descending', { item: error.item });
    case 'control_characters':
      return appText(i18n, 'app.error.controlCharacters');
    case 'duplicate':
      return appText(i18n, 'app.admin.tables.numbersExist', {
        numbers: labelList(i18n, error.labels),
      });
  }
}

/**
 * SPEC §5's 'Table number already exists' as is for one table; for several, naming which ones exist
 * ('Table number already exists: Table 3 and Terrace 2').
 */
function numbersExistText(i18n: I18n, typedCount: number, taken: readonly string[]): string {
  return typedCount <= 1 || taken.length === 0
    ? appText(i18n, 'app.admin.tables.numberExists')
    : appText(i18n, 'app.admin.tables.numbersExist', { numbers: labelList(i18n, taken) });
}

/**
 * SPEC §5 Add table, and bulk add (decision 065): one label, a range or a list; required, trimmed, at most
 * BULK_TABLES_MAX tables, none repeated and none the restaurant already has ('Table number already exists').
 */
const addTableFormSchema = (i18n: I18n, existing: ReadonlySet<string>) =>
  z.object({
    number: z.string().superRefine((text, ctx) => {
      const parsed = parseTableInput(text);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: inputErrorText(i18n, parsed.error) });
        return;
      }
      const taken = parsed.labels.filter((label) => existing.has(label));
      if (taken.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: numbersExistText(i18n, parsed.labels.length, taken),
        });
    }),
  });
type AddTableValues = z.infer<ReturnType<typeof addTableFormSchema>>;

export interface AddTableFormProps {
  restaurantId: string | null;
  /** The restaurant's table numbers now, so the preview marks (and the form refuses) those that exist. */
  existing: ReadonlySet<string>;
}

/** SPEC §2/§5 Add table, one or many (decision 065): what will be created is previewed before it is. */
export function AddTableForm({ restaurantId, existing }: AddTableFormProps) {
  const i18n = useI18n();
  const createOne = useCreateTable();
  const createMany = useCreateTables();
  const previewId = useId();
  const form = useForm<AddTableValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(addTableFormSchema(i18n, existing)),
    defaultValues: { number: '' },
  });
  const text = useWatch({ control: form.control, name: 'number' });
  const parsed = text.trim() === '' ? null : parseTableInput(text);
  const preview = parsed?.ok && parsed.labels.length > 1 ? parsed.labels : null;
  const count = parsed?.ok ? parsed.labels.length : 1;
  const isPending = createOne.isPending || createMany.isPending;

  // A refusal shows under the field only, never also as a toast (decision 067).
  function failed(error: unknown) {
    serverErrorToForm(form, error, {
      // SPEC §8: a 409 is a number already taken; anything else, 'Failed to create table'.
      isKnown: (refusal) => refusal.status === 409,
      messages: {
        table_number_exists: (refusal) => {
          const numbers = refusal.values.numbers;
          const taken = typeof numbers === 'string' && numbers !== '' ? numbers.split(', ') : [];
          const typed = parseTableInput(form.getValues('number'));
          return numbersExistText(i18n, typed.ok ? typed.labels.length : 0, taken);
        },
      },
      otherwise: 'number',
      fallback: appText(i18n, 'app.admin.tables.createFailed'),
    });
  }

  function created(made: number) {
    toast.success(appText(i18n, 'app.admin.tables.createdMany', { count: made }));
    form.reset();
    form.setFocus('number');
  }

  const submit = form.handleSubmit(({ number }) => {
    if (restaurantId === null) {
      const message = appText(i18n, 'app.admin.tables.noRestaurant');
      form.setError('number', { message }, { shouldFocus: true });
      return;
    }
    const result = parseTableInput(number);
    if (!result.ok) return;
    const [only, ...more] = result.labels;
    if (only !== undefined && more.length === 0)
      createOne.mutate(
        { restaurantId, number: only },
        { onSuccess: () => created(1), onError: failed },
      );
    else
      createMany.mutate(
        { restaurantId, numbers: result.labels },
        { onSuccess: ({ tables }) => created(tables.length), onError: failed },
      );
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={appText(i18n, 'app.admin.tables.addForm')}
      className="rounded-card border border-line bg-white p-4 shadow-sm"
    >
      <FormField
        form={form}
        name="number"
        label={appText(i18n, 'app.admin.tables.numberLabel')}
        hint={appText(i18n, 'app.admin.tables.addHint')}
        inputMode="text"
        autoComplete="off"
        placeholder={appText(i18n, 'app.admin.tables.numberPlaceholder')}
        limit={TABLE_INPUT_MAX}
        required
        aria-controls={preview ? previewId : undefined}
        className="sm:max-w-sm"
        rowClassName="flex flex-col gap-2 sm:flex-row"
        addon={
          <Button type="submit" size="lg" isLoading={isPending}>
            {appText(i18n, 'app.admin.tables.addMany', { count })}
          </Button>
        }
      />
      {preview && (
        <section
          id={previewId}
          aria-live="polite"
          aria-label={appText(i18n, 'app.admin.tables.previewHeading', { count: preview.length })}
          className="mt-4 rounded-control border border-line bg-sunken p-3"
        >
          <h3 className="text-sm font-semibold text-ink">
            {appText(i18n, 'app.admin.tables.previewHeading', { count: preview.length })}
          </h3>
          <ul role="list" className="mt-2 flex max-h-48 flex-wrap gap-1.5 overflow-y-auto">
            {preview.map((label) => {
              const taken = existing.has(label);
              return (
                <li
                  key={label}
                  className={`rounded-full border px-2.5 py-0.5 text-sm ${
                    taken
                      ? 'border-danger-600 bg-white font-medium text-danger-700 line-through'
                      : 'border-line bg-white text-ink'
                  }`}
                >
                  {appTableLabel(i18n, label)}
                  {taken && (
                    <span className="sr-only">
                      {' '}
                      ({appText(i18n, 'app.admin.tables.existsMark')})
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </form>
  );
}
