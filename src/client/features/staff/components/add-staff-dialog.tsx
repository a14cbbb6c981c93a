import { useRef, useState, type RefObject } from 'react';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n';
import { useCreateStaff } from '../api/staff-api';
import { PasswordStaffForm } from './password-staff-form';
import { PinStaffForm } from './pin-staff-form';

type Mode = 'pin' | 'password';

const MODES: { id: Mode; label: AppMessageId }[] = [
  { id: 'pin', label: 'app.admin.staff.pinMode' },
  { id: 'password', label: 'app.admin.staff.passwordMode' },
];

export interface AddStaffDialogProps {
  open: boolean;
  restaurantId: string;
  onClose: () => void;
}

/** SPEC §2 /admin/staff 'Add Staff Member' dialog with its two modes, each its own form. */
export function AddStaffDialog({ open, restaurantId, onClose }: AddStaffDialogProps) {
  const i18n = useI18n();
  const nameRef = useRef<HTMLInputElement>(null);
  const create = useCreateStaff();
  return (
    <Dialog
      open={open}
      title={appText(i18n, 'app.admin.staff.add')}
      description={appText(i18n, 'app.admin.staff.addText')}
      isBusy={create.isPending}
      initialFocusRef={nameRef}
      onClose={onClose}
    >
      <AddStaffModes
        restaurantId={restaurantId}
        nameRef={nameRef}
        create={create}
        onDone={onClose}
      />
    </Dialog>
  );
}

function AddStaffModes(props: {
  restaurantId: string;
  nameRef: RefObject<HTMLInputElement | null>;
  create: ReturnType<typeof useCreateStaff>;
  onDone: () => void;
}) {
  const i18n = useI18n();
  const [mode, setMode] = useState<Mode>('pin');
  // Switching mode starts the other form afresh (no errors), keeping only the name typed.
  const [name, setName] = useState('');
  const formProps = { ...props, name, onNameChange: setName };
  return (
    <div className="flex flex-col gap-5">
      <fieldset>
        <legend className="text-sm font-medium text-ink-soft">
          {appText(i18n, 'app.admin.staff.signInMethod')}
        </legend>
        <div className="mt-1.5 grid grid-cols-2 gap-1 rounded-card bg-sunken p-1">
          {MODES.map((option) => (
            <label
              key={option.id}
              className={`flex min-h-11 cursor-pointer items-center justify-center rounded-control px-2 text-center text-sm font-semibold transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                mode === option.id
                  ? 'bg-white text-brand-800 shadow-sm'
                  : 'text-body hover:text-ink'
              }`}
            >
              <input
                type="radio"
                name="staff-mode"
                value={option.id}
                checked={mode === option.id}
                onChange={() => setMode(option.id)}
                className="sr-only"
              />
              {appText(i18n, option.label)}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'pin' ? <PinStaffForm {...formProps} /> : <PasswordStaffForm {...formProps} />}
    </div>
  );
}
