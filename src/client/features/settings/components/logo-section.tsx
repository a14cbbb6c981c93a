import { useId, useState, type ChangeEvent } from 'react';
import { toast } from '../../../lib/toast';
import { appText } from '@shared/i18n/app';
import type { Restaurant } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldError } from '../../../components/ui/form-field';
import { RestaurantMark } from '../../../components/ui/restaurant-mark';
import { Spinner } from '../../../components/ui/spinner';
import { clientErrorMessage } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useDeleteLogo, useUploadLogo } from '../../../lib/restaurants-api';
import { LOGO_TYPES, logoFileError } from '../lib/logo-file';

/** SPEC §2 branding: current logo, upload, and delete with confirmation. */
export function LogoSection({ restaurant }: { restaurant: Restaurant }) {
  const i18n = useI18n();
  const upload = useUploadLogo();
  const deleteLogo = useDeleteLogo();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = logoFileError(file, {
      notImage: appText(i18n, 'app.settings.logoNotImage'),
      tooLarge: appText(i18n, 'app.settings.logoTooLarge'),
    });
    if (problem) {
      setError(problem);
      toast.error(problem);
      input.value = '';
      return;
    }
    setError(null);
    upload.mutate(
      { restaurantId: restaurant.id, file },
      {
        onSuccess: () => toast.success(appText(i18n, 'app.settings.logoUploaded')),
        onError: (err) => {
          const message = clientErrorMessage(err, appText(i18n, 'app.settings.uploadLogoFailed'));
          setError(message);
          toast.error(message);
        },
        // The same file may be chosen again after a failure.
        onSettled: () => {
          input.value = '';
        },
      },
    );
  }

  function confirmDelete() {
    deleteLogo.mutate(restaurant.id, {
      onSuccess: () => toast.success(appText(i18n, 'app.settings.logoDeleted')),
      onError: () => toast.error(appText(i18n, 'app.settings.deleteLogoFailed')),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="flex size-28 shrink-0 items-center justify-center rounded-card border border-line bg-canvas p-2">
        {restaurant.logoUrl ? (
          <img
            src={restaurant.logoUrl}
            alt={appText(i18n, 'app.settings.logoAlt', { name: restaurant.name })}
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <RestaurantMark
            name={restaurant.name}
            logoUrl={null}
            color={restaurant.primaryColor}
            className="size-20 text-3xl"
          />
        )}
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <p className="text-sm text-body">
          {restaurant.logoUrl
            ? appText(i18n, 'app.settings.logoPresent')
            : appText(i18n, 'app.settings.logoNone')}
        </p>
        <div className="flex flex-wrap gap-2">
          {/* A real file input (keyboard and screen reader friendly) behind a button-styled label. */}
          <label
            htmlFor={inputId}
            className={`inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-control bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2 ${
              upload.isPending ? 'pointer-events-none opacity-60' : ''
            }`}
          >
            {upload.isPending && <Spinner className="size-4" />}
            {appText(i18n, 'app.settings.uploadLogo')}
            <input
              id={inputId}
              type="file"
              accept={LOGO_TYPES.join(',')}
              disabled={upload.isPending}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={error ? true : undefined}
              onChange={handleFile}
              className="sr-only"
            />
          </label>
          <Button
            variant="danger-outline"
            disabled={!restaurant.logoUrl}
            onClick={() => setConfirming(true)}
          >
            {appText(i18n, 'app.settings.deleteLogo')}
          </Button>
        </div>
        <p id={hintId} className="text-sm text-body">
          {appText(i18n, 'app.settings.logoFormats')}
        </p>
        {error && <FieldError id={errorId}>{error}</FieldError>}
      </div>

      <ConfirmDialog
        open={confirming}
        title={appText(i18n, 'app.settings.deleteLogo')}
        message={appText(i18n, 'app.settings.deleteLogoConfirm')}
        confirmLabel={appText(i18n, 'app.settings.delete')}
        cancelLabel={appText(i18n, 'app.settings.cancel')}
        isPending={deleteLogo.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
