/**
 * Settings → Guest buttons (issue 29 item 2, decision 087): which of SPEC's four buttons guests see, and up to 8 of
 * the restaurant's own — a label per language (the restaurant's guest language, or English, required: the others
 * fall back to it) and an icon from a fixed set. Its own card with its own Save: the list is one PUT, and a change
 * here has nothing to review with the restaurant's other settings (decision 084 keeps those one form).
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import { DEFAULT_LOCALE, LOCALE_LABELS, LOCALES, type Locale } from '@shared/i18n/locales';
import {
  BUTTON_ICON_NAMES,
  BUTTON_ICONS,
  BUTTON_LABEL_MAX,
  CUSTOM_TYPES_MAX,
  customTypeLabel,
  requestTypesProblem,
  type ButtonIcon,
  type RequestTypesProblem,
} from '@shared/request-types';
import { REQUEST_TYPES, type RequestType } from '@shared/rules';
import type { Restaurant } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { FieldError, inputClass } from '../../../components/ui/form-field';
import { REQUEST_TYPE_ICON_PATHS, StrokeIcon } from '../../../components/ui/request-type-icon';
import { messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useUpdateRequestTypes } from '../../../lib/restaurants-api';

/** One of the restaurant's own buttons as edited here; `key` absent: new, not saved yet. */
interface Draft {
  id: string;
  key?: `c_${string}` | undefined;
  labels: Partial<Record<Locale, string>>;
  icon: ButtonIcon;
}

const SPEC_NAMES: Readonly<Record<RequestType, AppMessageId>> = {
  server: 'app.settings.analytics.typeServer',
  order: 'app.settings.analytics.typeOrder',
  refill: 'app.settings.analytics.typeRefill',
  bill: 'app.settings.analytics.typeBill',
};

const ICON_NAMES: Readonly<Record<ButtonIcon, AppMessageId>> = {
  chair: 'app.buttons.icon.chair',
  bottle: 'app.buttons.icon.bottle',
  water: 'app.buttons.icon.water',
  coffee: 'app.buttons.icon.coffee',
  cutlery: 'app.buttons.icon.cutlery',
  tissue: 'app.buttons.icon.tissue',
  bag: 'app.buttons.icon.bag',
  cake: 'app.buttons.icon.cake',
  wine: 'app.buttons.icon.wine',
  ice: 'app.buttons.icon.ice',
  clean: 'app.buttons.icon.clean',
  wifi: 'app.buttons.icon.wifi',
  plug: 'app.buttons.icon.plug',
  music: 'app.buttons.icon.music',
  question: 'app.buttons.icon.question',
  star: 'app.buttons.icon.star',
};

const PROBLEM_TEXT: Readonly<Record<RequestTypesProblem, AppMessageId>> = {
  button_label_required: 'app.buttons.error.labelRequired',
  button_label_too_long: 'app.buttons.error.labelTooLong',
  button_label_invalid: 'app.buttons.error.labelInvalid',
  button_icon_invalid: 'app.buttons.error.iconInvalid',
  buttons_too_many: 'app.buttons.error.tooMany',
  buttons_none_enabled: 'app.buttons.error.noneEnabled',
};

let nextDraftId = 0;
const draftsOf = (restaurant: Restaurant): Draft[] =>
  restaurant.requestTypes.custom
    .filter((c) => c.deletedAt === null)
    .map((c) => ({ id: c.key, key: c.key, labels: c.labels, icon: c.icon }));

/** The languages in the order the editor asks for them: the fallback first, then English, then the rest. */
const localesFor = (fallback: Locale): Locale[] => [
  fallback,
  ...LOCALES.filter((l) => l !== fallback && l === DEFAULT_LOCALE),
  ...LOCALES.filter((l) => l !== fallback && l !== DEFAULT_LOCALE),
];

function ButtonEditor({
  draft,
  fallback,
  onDone,
  onCancel,
}: {
  draft: Draft;
  fallback: Locale;
  onDone: (draft: Draft) => void;
  onCancel: () => void;
}) {
  const i18n = useI18n();
  const headingId = useId();
  const errorId = useId();
  const [labels, setLabels] = useState(draft.labels);
  const [icon, setIcon] = useState<ButtonIcon>(draft.icon);
  const [problem, setProblem] = useState<RequestTypesProblem | null>(null);
  const [first, second, ...others] = localesFor(fallback);
  const labelField = (locale: Locale, required: boolean) => (
    <LabelField
      key={locale}
      locale={locale}
      required={required}
      value={labels[locale] ?? ''}
      invalid={problem !== null && problem !== 'button_icon_invalid'}
      errorId={errorId}
      onChange={(value) => setLabels((current) => ({ ...current, [locale]: value }))}
    />
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = requestTypesProblem(REQUEST_TYPES, [{ labels, icon }], fallback);
    if (found) return setProblem(found);
    onDone({ ...draft, labels, icon });
  }

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={submit}
      noValidate
      data-testid="button-editor"
      className="space-y-4 rounded-card border border-brand-200 bg-brand-50 p-4"
    >
      <h4 id={headingId} className="font-semibold text-ink">
        {appText(i18n, draft.key ? 'app.buttons.editTitle' : 'app.buttons.newTitle')}
      </h4>
      <fieldset>
        <legend className="text-sm font-semibold text-ink">
          {appText(i18n, 'app.buttons.icon')}
        </legend>
        <div className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-8">
          {BUTTON_ICON_NAMES.map((name) => (
            <label
              key={name}
              title={appText(i18n, ICON_NAMES[name])}
              className="flex aspect-square cursor-pointer items-center justify-center rounded-control border border-line-strong bg-white text-ink-soft has-checked:border-brand-700 has-checked:bg-brand-100 has-checked:text-brand-900 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
            >
              <input
                type="radio"
                name="icon"
                value={name}
                checked={icon === name}
                onChange={() => setIcon(name)}
                className="sr-only"
              />
              <StrokeIcon d={BUTTON_ICONS[name]} className="size-7" />
              <span className="sr-only">{appText(i18n, ICON_NAMES[name])}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {labelField(first!, true)}
      {second && labelField(second, false)}
      <details className="rounded-control border border-line bg-white p-3">
        <summary className="cursor-pointer text-sm font-semibold text-ink-soft">
          {appText(i18n, 'app.buttons.moreLanguages')}
        </summary>
        <div className="mt-3 space-y-3">{others.map((locale) => labelField(locale, false))}</div>
      </details>
      {problem && <FieldError id={errorId}>{appText(i18n, PROBLEM_TEXT[problem])}</FieldError>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{appText(i18n, 'app.buttons.keep')}</Button>
        <Button variant="secondary" onClick={onCancel}>
          {appText(i18n, 'app.buttons.cancel')}
        </Button>
      </div>
    </form>
  );
}

function LabelField({
  locale,
  required,
  value,
  invalid,
  errorId,
  onChange,
}: {
  locale: Locale;
  required: boolean;
  value: string;
  invalid: boolean;
  errorId: string;
  onChange: (value: string) => void;
}) {
  const i18n = useI18n();
  const id = useId();
  const hintId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {appText(i18n, 'app.buttons.labelIn', { language: LOCALE_LABELS[locale] })}
        {required && (
          <span className="ms-2 rounded-sm bg-warning-100 px-1.5 py-0.5 text-xs font-semibold text-warning-900">
            {appText(i18n, 'app.buttons.fallbackBadge')}
          </span>
        )}
      </label>
      <input
        id={id}
        lang={locale}
        dir="auto"
        value={value}
        maxLength={BUTTON_LABEL_MAX * 2}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={required ? `${hintId} ${errorId}` : errorId}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass(false)}
      />
      {required && (
        <p id={hintId} className="text-xs text-muted">
          {appText(i18n, 'app.buttons.fallbackHint')}
        </p>
      )}
    </div>
  );
}

export function GuestButtonsSection({ restaurant }: { restaurant: Restaurant }) {
  const i18n = useI18n();
  const update = useUpdateRequestTypes(restaurant.id);
  const [hidden, setHidden] = useState<RequestType[]>(restaurant.requestTypes.hidden);
  const [drafts, setDrafts] = useState<Draft[]>(() => draftsOf(restaurant));
  const [editing, setEditing] = useState<Draft | null>(null);
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fallback = restaurant.guestLanguage;
  const change = () => {
    setDirty(true);
    setError(null);
  };

  function save() {
    const problem = requestTypesProblem(hidden, drafts, fallback);
    if (problem) return setError(appText(i18n, PROBLEM_TEXT[problem]));
    update.mutate(
      {
        hidden,
        custom: drafts.map((d) => ({
          ...(d.key ? { key: d.key } : {}),
          labels: d.labels,
          icon: d.icon,
        })),
      },
      {
        onSuccess: ({ restaurant: saved }) => {
          setDrafts(draftsOf(saved));
          setHidden(saved.requestTypes.hidden);
          setDirty(false);
          toast.success(appText(i18n, 'app.buttons.saved'));
        },
        onError: (err) => setError(messageFrom(err, appText(i18n, 'app.buttons.saveFailed'))),
      },
    );
  }

  function move(index: number, by: -1 | 1) {
    setDrafts((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });
    change();
  }

  return (
    <div className="space-y-6" data-testid="guest-buttons">
      <fieldset>
        <legend className="font-semibold text-ink">{appText(i18n, 'app.buttons.standard')}</legend>
        <p className="mt-1 text-sm text-body">{appText(i18n, 'app.buttons.standardHint')}</p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {REQUEST_TYPES.map((type) => (
            <li key={type}>
              <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-control border border-line px-3 py-2 has-checked:border-brand-600">
                <input
                  type="checkbox"
                  checked={!hidden.includes(type)}
                  onChange={(event) => {
                    setHidden((current) =>
                      event.target.checked ? current.filter((t) => t !== type) : [...current, type],
                    );
                    change();
                  }}
                  className="size-5 accent-brand-700"
                />
                <StrokeIcon d={REQUEST_TYPE_ICON_PATHS[type]} className="size-6 text-ink-soft" />
                <span className="font-medium text-ink">{appText(i18n, SPEC_NAMES[type])}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <section aria-labelledby="own-buttons-heading">
        <h3 id="own-buttons-heading" className="font-semibold text-ink">
          {appText(i18n, 'app.buttons.own', { count: drafts.length, max: CUSTOM_TYPES_MAX })}
        </h3>
        <p className="mt-1 text-sm text-body">{appText(i18n, 'app.buttons.ownHint')}</p>
        {drafts.length === 0 ? (
          <p className="mt-3 rounded-control border border-dashed border-line-strong p-4 text-sm text-muted">
            {appText(i18n, 'app.buttons.ownEmpty')}
          </p>
        ) : (
          <ol className="mt-3 divide-y divide-line rounded-control border border-line">
            {drafts.map((draft, index) => {
              const label = customTypeLabel(draft, i18n.locale, fallback);
              return (
                <li
                  key={draft.id}
                  data-testid="own-button"
                  className="flex flex-wrap items-center gap-3 px-3 py-2"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-control bg-sunken text-ink">
                    <StrokeIcon d={BUTTON_ICONS[draft.icon]} className="size-6" />
                  </span>
                  <span dir="auto" className="min-w-0 flex-1 font-medium break-words text-ink">
                    {label}
                  </span>
                  <span className="flex flex-wrap gap-1">
                    <Button
                      variant="ghost"
                      disabled={index === 0}
                      aria-label={appText(i18n, 'app.buttons.moveUp', { label })}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      disabled={index === drafts.length - 1}
                      aria-label={appText(i18n, 'app.buttons.moveDown', { label })}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={appText(i18n, 'app.buttons.editNamed', { label })}
                      onClick={() => setEditing(draft)}
                    >
                      {appText(i18n, 'app.buttons.edit')}
                    </Button>
                    <Button
                      variant="danger-outline"
                      aria-label={appText(i18n, 'app.buttons.deleteNamed', { label })}
                      onClick={() => {
                        setDrafts((current) => current.filter((d) => d.id !== draft.id));
                        if (editing?.id === draft.id) setEditing(null);
                        change();
                      }}
                    >
                      {appText(i18n, 'app.buttons.delete')}
                    </Button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        <div className="mt-3">
          {editing ? (
            <ButtonEditor
              key={editing.id}
              draft={editing}
              fallback={fallback}
              onCancel={() => setEditing(null)}
              onDone={(done) => {
                setDrafts((current) =>
                  current.some((d) => d.id === done.id)
                    ? current.map((d) => (d.id === done.id ? done : d))
                    : [...current, done],
                );
                setEditing(null);
                change();
              }}
            />
          ) : drafts.length < CUSTOM_TYPES_MAX ? (
            <Button
              variant="secondary"
              onClick={() => setEditing({ id: `new-${nextDraftId++}`, labels: {}, icon: 'star' })}
            >
              {appText(i18n, 'app.buttons.add')}
            </Button>
          ) : (
            <p className="text-sm text-muted">{appText(i18n, 'app.buttons.limit')}</p>
          )}
        </div>
        <p className="mt-3 text-xs text-muted">{appText(i18n, 'app.buttons.deleteKeepsHistory')}</p>
      </section>

      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
        <Button onClick={save} isLoading={update.isPending} disabled={!dirty || editing !== null}>
          {appText(i18n, 'app.buttons.save')}
        </Button>
        <p role="status" className="text-sm text-body">
          {dirty ? appText(i18n, 'app.buttons.unsaved') : ''}
        </p>
      </div>
      {error && <FieldError>{error}</FieldError>}
    </div>
  );
}
