import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { TABLE_NUMBER_MAX } from '../../../../shared/constants';
import { requiredNameField } from '../../../../shared/fields';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { useCreateTable } from '../api/tables-api';

/** SPEC §5 Add table: number required and trimmed (and, issue 13, at most TABLE_NUMBER_MAX characters). */
const addTableFormSchema = z.object({
  number: requiredNameField(MSG.tableNumberRequired, TABLE_NUMBER_MAX),
});
type AddTableValues = z.infer<typeof addTableFormSchema>;

/** SPEC §2/§5 Add table: number required and trimmed, a restaurant selected, unique within the restaurant. */
export function AddTableForm({ restaurantId }: { restaurantId: string | null }) {
  const create = useCreateTable();
  const form = useForm<AddTableValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(addTableFormSchema),
    defaultValues: { number: '' },
  });

  const submit = form.handleSubmit(
    ({ number }) => {
      if (restaurantId === null) {
        form.setError('number', { message: MSG.noRestaurantSelected }, { shouldFocus: true });
        toast.error(MSG.noRestaurantSelected);
        return;
      }
      create.mutate(
        { restaurantId, number: number.trim() },
        {
          onSuccess: () => {
            toast.success(MSG.tableCreated);
            form.reset();
            form.setFocus('number');
          },
          onError: (error) => {
            const { message } = serverErrorToForm(form, error, {
              // SPEC §8: a 409 is the number already taken; anything else, 'Failed to create table'.
              isKnown: (refusal) => refusal.status === 409,
              messages: { table_number_exists: () => MSG.tableNumberExists },
              otherwise: 'number',
              fallback: MSG.createTableFailed,
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
      aria-label="Add a table"
      className="rounded-card border border-line bg-white p-4 shadow-sm"
    >
      <FormField
        form={form}
        name="number"
        label="Table Number"
        inputMode="text"
        autoComplete="off"
        placeholder="e.g. 12 or A1"
        limit={TABLE_NUMBER_MAX}
        required
        className="sm:max-w-xs"
        rowClassName="flex flex-col gap-2 sm:flex-row"
        addon={
          <Button type="submit" size="lg" isLoading={create.isPending}>
            Add Table
          </Button>
        }
      />
    </form>
  );
}
