import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  ESCALATE_MINUTES_DEFAULT,
  ESCALATE_MINUTES_MAX,
  ESCALATE_MINUTES_MIN,
  RESTAURANT_NAME_MAX,
} from '../../../../shared/constants';
import { FLOOR_MSG } from '../../../../shared/floor-messages';
import { MSG } from '../../../../shared/messages';
import { HEX_COLOR } from '../../../../shared/rules';
import { updateRestaurantBodySchema, type Restaurant } from '../../../../shared/schemas';
import { Button } from '../../../components/ui/button';
import { FormField, tooLongError } from '../../../components/ui/form-field';
import { RestaurantMark } from '../../../components/ui/restaurant-mark';
import { clientErrorMessage } from '../../../lib/api-client';
import { readableTextOn, safeColor } from '../../../lib/color';
import { useUpdateRestaurant } from '../../restaurants/api/restaurants-api';
import { ColorField } from './color-field';
import { parseEscalateMinutes } from '../lib/escalation-minutes';

// Not quoted by SPEC (§5 gives the rules, not these texts).
const SETTINGS_SAVED = 'Restaurant settings updated successfully';
const COLOR_FORMAT = 'Enter a colour as #RRGGBB, e.g. #1E40AF';
const URL_FORMAT = 'Enter a full web address starting with https:// (or leave it empty)';

type Field = 'name' | 'reviewUrl' | 'primaryColor' | 'secondaryColor' | 'escalateAfterMinutes';
type Errors = Partial<Record<Field, string>>;

/**
 * SPEC §2 branding form: name, review URL, primary and secondary colour; issue 5's escalation minutes; issue 12's
 * choice to show the server's first name to guests.
 */
export function BrandingForm({ restaurant }: { restaurant: Restaurant }) {
  const [name, setName] = useState(restaurant.name);
  const [reviewUrl, setReviewUrl] = useState(restaurant.reviewUrl ?? '');
  const [primaryColor, setPrimaryColor] = useState(restaurant.primaryColor);
  const [secondaryColor, setSecondaryColor] = useState(restaurant.secondaryColor);
  const [escalateMinutes, setEscalateMinutes] = useState(String(restaurant.escalateAfterMinutes));
  const [showServerNames, setShowServerNames] = useState(restaurant.showServerNames);
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateRestaurant();
  const formRef = useRef<HTMLFormElement>(null);
  const previewId = useId();
  const namesId = useId();
  const namesHintId = useId();

  function validate(): Errors {
    const found: Errors = {};
    if (!name.trim()) found.name = MSG.settingsNameRequired;
    else {
      const tooLong = tooLongError(name, RESTAURANT_NAME_MAX);
      if (tooLong) found.name = tooLong;
    }
    // The one contract: the same rule the server applies to the review URL.
    if (!updateRestaurantBodySchema.shape.reviewUrl.safeParse(reviewUrl.trim()).success)
      found.reviewUrl = URL_FORMAT;
    if (!HEX_COLOR.test(primaryColor)) found.primaryColor = COLOR_FORMAT;
    if (!HEX_COLOR.test(secondaryColor)) found.secondaryColor = COLOR_FORMAT;
    const minutes = parseEscalateMinutes(escalateMinutes);
    if (!minutes.ok) found.escalateAfterMinutes = minutes.message;
    return found;
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    const first = (
      ['name', 'reviewUrl', 'primaryColor', 'secondaryColor', 'escalateAfterMinutes'] as const
    ).find((field) => found[field]);
    if (first) {
      toast.error(found[first]);
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    update.mutate(
      {
        restaurantId: restaurant.id,
        body: {
          name: name.trim(),
          reviewUrl: reviewUrl.trim(),
          primaryColor: primaryColor.toUpperCase(),
          secondaryColor: secondaryColor.toUpperCase(),
          escalateAfterMinutes: Number(escalateMinutes.trim()),
          showServerNames,
        },
      },
      {
        onSuccess: () => toast.success(SETTINGS_SAVED),
        onError: (error) => toast.error(clientErrorMessage(error, MSG.updateSettingsFailed)),
      },
    );
  }

  function clear(field: Field) {
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  }

  const previewBackground = safeColor(primaryColor);

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <FormField
        label="Restaurant Name"
        name="name"
        autoComplete="organization"
        limit={RESTAURANT_NAME_MAX}
        required
        value={name}
        error={errors.name}
        onChange={(event) => {
          setName(event.target.value);
          clear('name');
        }}
      />
      <FormField
        label="Review URL"
        name="reviewUrl"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com/review"
        maxLength={2000}
        hint="Guests see a 'Leave a Review' button when this is set."
        value={reviewUrl}
        error={errors.reviewUrl}
        onChange={(event) => {
          setReviewUrl(event.target.value);
          clear('reviewUrl');
        }}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <ColorField
          label="Primary Color"
          name="primaryColor"
          value={primaryColor}
          fallback={DEFAULT_PRIMARY_COLOR}
          error={errors.primaryColor}
          onChange={(value) => {
            setPrimaryColor(value);
            clear('primaryColor');
          }}
        />
        <ColorField
          label="Secondary Color"
          name="secondaryColor"
          value={secondaryColor}
          fallback={DEFAULT_SECONDARY_COLOR}
          error={errors.secondaryColor}
          onChange={(value) => {
            setSecondaryColor(value);
            clear('secondaryColor');
          }}
        />
      </div>

      <FormField
        label="Escalate after (minutes)"
        name="escalateAfterMinutes"
        type="number"
        inputMode="numeric"
        min={ESCALATE_MINUTES_MIN}
        max={ESCALATE_MINUTES_MAX}
        step={1}
        required
        className="sm:max-w-40"
        hint={`A request still pending after this many minutes is marked overdue on every console and sent again to its server and to you, once. From ${ESCALATE_MINUTES_MIN} to ${ESCALATE_MINUTES_MAX}; default ${ESCALATE_MINUTES_DEFAULT}.`}
        value={escalateMinutes}
        error={errors.escalateAfterMinutes}
        onChange={(event) => {
          setEscalateMinutes(event.target.value);
          clear('escalateAfterMinutes');
        }}
      />

      {/* Issue 12: what the guest page says when a server takes the table's request (decision 029). */}
      <div className="flex items-start gap-3">
        <input
          id={namesId}
          name="showServerNames"
          type="checkbox"
          checked={showServerNames}
          aria-describedby={namesHintId}
          onChange={(event) => setShowServerNames(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
        />
        <div>
          <label htmlFor={namesId} className="text-sm font-medium text-slate-800">
            {FLOOR_MSG.showServerNamesLabel}
          </label>
          <p id={namesHintId} className="text-sm text-slate-700">
            {FLOOR_MSG.showServerNamesHint}
          </p>
        </div>
      </div>

      <div>
        <p id={previewId} className="text-sm font-medium text-slate-800">
          Guest page preview
        </p>
        <div
          aria-labelledby={previewId}
          role="img"
          className="mt-1.5 flex items-center gap-3 rounded-xl px-4 py-3 shadow-sm"
          style={{ backgroundColor: previewBackground, color: readableTextOn(previewBackground) }}
        >
          <RestaurantMark
            name={name || restaurant.name}
            logoUrl={restaurant.logoUrl}
            color={safeColor(secondaryColor)}
            className="size-10 text-lg"
          />
          <span className="truncate text-lg font-bold">{name.trim() || restaurant.name}</span>
        </div>
      </div>

      <div>
        <Button type="submit" size="lg" isLoading={update.isPending} className="w-full sm:w-auto">
          Save Changes
        </Button>
      </div>
    </form>
  );
}
