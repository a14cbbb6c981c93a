import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { TABLE_NUMBER_MAX } from '../../../../shared/constants';
import { requiredNameField } from '../../../../shared/fields';
import { appText } from '../../../../shared/i18n/app';
import type { I18n } from '../../../../shared/i18n/i18n';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { useCreateTable } from '../api/tables-api';

/** SPEC §5 Add table: number required and trimmed (and, issue 13, at most TABLE_NUMBER_MAX characters). */
const addTableFormSchema = (i18n: I18n) =>
  z.object({
    number: requiredNameField(appText(i18n, 'app.admin.tables.numberRequired'), TABLE_NUMBER_MAX),
  });
type AddTableValues = z.infer<ReturnType<typeof addTableFormSchema>>;

/** SPEC §2/§5 Add table: number required and trimmed, a restaurant selected, unique within the restaurant. */
export function AddTableForm({ restaurantId }: { restaurantId: string | null }) {
  const i18n = useI18n();
  const create = useCreateTable();
  const form = useForm<AddTableValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(addTableFormSchema(i18n)),
    defaultValues: { number: '' },
  });

  const submit = form.handleSubmit(
    ({ number }) => {
      if (restaurantId === null) {
        const message = appText(i18n, 'app.admin.tables.noRestaurant');
        form.setError('number', { message }, { shouldFocus: true });
        toast.error(message);
        return;
      }
      create.mutate(
        { restaurantId, number: number.trim() },
        {
          onSuccess: () => {
            toast.success(appText(i18n, 'app.admin.tables.created'));
            form.reset();
            form.setFocus('number');
          },
          onError: (error) => {
            const { message } = serverErrorToForm(form, error, {
              // SPEC §8: a 409 is the number already taken; anything else, 'Failed to create table'.
              isKnown: (refusal) => refusal.status === 409,
              messages: {
                table_number_exists: () => appText(i18n, 'app.admin.tables.numberExists'),
              },
              otherwise: 'number',
              fallback: appText(i18n, 'app.admin.tables.createFailed'),
            });
            toast.error(message);
          },
        },
      );
    },
    (errors) => {
      if (errors.number?.message) toast.error(errors.number.message);
    },
  );

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
        inputMode="text"
        autoComplete="off"
        placeholder={appText(i18n, 'app.admin.tables.numberPlaceholder')}
        limit={TABLE_NUMBER_MAX}
        required
        className="sm:max-w-xs"
        rowClassName="flex flex-col gap-2 sm:flex-row"
        addon={
          <Button type="submit" size="lg" isLoading={create.isPending}>
            {appText(i18n, 'app.admin.tables.addButton')}
          </Button>
        }
      />
    </form>
  );
}
