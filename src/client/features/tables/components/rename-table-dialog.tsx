import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { TABLE_NUMBER_MAX } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import type { Table } from '@shared/schemas';
import { normalizeTableNumber } from '@shared/table-label';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { useRenameTable } from '../api/tables-api';

/** Rename (decision 065): required, at most TABLE_NUMBER_MAX characters, not another table's number. */
const renameSchema = (i18n: I18n, others: ReadonlySet<string>) =>
  z.object({
    number: z.string().superRefine((text, ctx) => {
      const number = normalizeTableNumber(text);
      const message =
        number === ''
          ? appText(i18n, 'app.admin.tables.numberRequired')
          : number.length > TABLE_NUMBER_MAX
            ? appText(i18n, 'app.admin.tables.tooLong', { label: number, max: TABLE_NUMBER_MAX })
            : others.has(number)
              ? appText(i18n, 'app.admin.tables.numberExists')
              : null;
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    }),
  });
type RenameValues = z.infer<ReturnType<typeof renameSchema>>;

export interface RenameTableDialogProps {
  /** The table being renamed; null while the dialog is closed. */
  table: Table | null;
  /** The restaurant's other tables' numbers. */
  others: ReadonlySet<string>;
  onClose: () => void;
}

/** A new label for a table; its QR code (and so every printed code) stays the same. */
export function RenameTableDialog({ table, others, onClose }: RenameTableDialogProps) {
  const i18n = useI18n();
  const inputRef = useRef<HTMLInputElement>(null);
  const rename = useRenameTable();
  return (
    <Dialog
      open={table !== null}
      title={appText(i18n, 'app.admin.tables.renameTitle')}
      description={appText(i18n, 'app.admin.tables.renameHint')}
      isBusy={rename.isPending}
      initialFocusRef={inputRef}
      onClose={onClose}
    >
      {table && (
        <RenameForm
          i18n={i18n}
          table={table}
          others={others}
          inputRef={inputRef}
          rename={rename}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function RenameForm({
  i18n,
  table,
  others,
  inputRef,
  rename,
  onClose,
}: {
  i18n: I18n;
  table: Table;
  others: ReadonlySet<string>;
  inputRef: React.RefObject<HTMLInputElement | null>;
  rename: ReturnType<typeof useRenameTable>;
  onClose: () => void;
}) {
  const form = useForm<RenameValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(renameSchema(i18n, others)),
    defaultValues: { number: table.number },
  });
  const submit = form.handleSubmit(({ number }) => {
    rename.mutate(
      { tableId: table.id, number: normalizeTableNumber(number) },
      {
        onSuccess: () => {
          toast.success(appText(i18n, 'app.admin.tables.renamed'));
          onClose();
        },
        onError: (error) => {
          const { message } = serverErrorToForm(form, error, {
            isKnown: (refusal) => refusal.status === 409 || refusal.status === 400,
            messages: {
              table_number_exists: () => appText(i18n, 'app.admin.tables.numberExists'),
            },
            otherwise: 'number',
            fallback: appText(i18n, 'app.admin.tables.renameFailed'),
          });
          toast.error(message);
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <FormField
        form={form}
        name="number"
        label={appText(i18n, 'app.admin.tables.numberLabel')}
        autoComplete="off"
        limit={TABLE_NUMBER_MAX}
        required
        inputRef={inputRef}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={rename.isPending} onClick={onClose}>
          {appText(i18n, 'app.admin.tables.cancel')}
        </Button>
        <Button type="submit" isLoading={rename.isPending}>
          {appText(i18n, 'app.admin.tables.save')}
        </Button>
      </div>
    </form>
  );
}
