/**
 * The owner's sections (decision 077), on the Tables screen: add, rename and delete a section, and choose its servers.
 * Tables are put in a section from the selection bar below; each table's own server from its card.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { SECTION_NAME_MAX } from '@shared/constants';
import { appTableLabel, appText } from '@shared/i18n/app';
import type { Section, StaffMember, Table } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiRequestError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import type { I18n } from '@shared/i18n/i18n';
import {
  useCreateSection,
  useDeleteSection,
  useRenameSection,
  useSetSectionServers,
} from '../api/sections-api';

/** A refusal of a section's name, in the reader's language. */
function nameRefusal(i18n: I18n, error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'section_name_exists') return appText(i18n, 'app.admin.sections.nameExists');
    if (error.code === 'name_required' || error.code === 'validation')
      return appText(i18n, 'app.admin.sections.nameRequired');
    if (error.code === 'section_limit' && typeof error.values.max === 'number')
      return appText(i18n, 'app.admin.sections.limit', { max: error.values.max });
  }
  return appText(i18n, 'app.admin.sections.saveFailed');
}

export interface SectionsManagerProps {
  restaurantId: string;
  sections: Section[] | undefined;
  isPending: boolean;
  tables: Table[];
  /** The restaurant's servers (active ones can be given a section). */
  staff: StaffMember[];
}

export function SectionsManager({
  restaurantId,
  sections,
  isPending,
  tables,
  staff,
}: SectionsManagerProps) {
  const i18n = useI18n();
  const headingId = useId();
  const inputId = useId();
  const errorId = useId();
  const create = useCreateSection();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toRename, setToRename] = useState<Section | null>(null);
  const [toStaff, setToStaff] = useState<Section | null>(null);
  const [toDelete, setToDelete] = useState<Section | null>(null);
  const remove = useDeleteSection();
  const labels = new Map(tables.map((t) => [t.id, appTableLabel(i18n, t.number)]));

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(appText(i18n, 'app.admin.sections.nameRequired'));
      return;
    }
    if (sections?.some((s) => s.name.toLowerCase() === trimmed.toLowerCase())) {
      setError(appText(i18n, 'app.admin.sections.nameExists'));
      return;
    }
    create.mutate(
      { restaurantId, name: trimmed },
      {
        onSuccess: () => {
          toast.success(appText(i18n, 'app.admin.sections.created', { section: trimmed }));
          setName('');
          setError(null);
        },
        onError: (err) => setError(nameRefusal(i18n, err)),
      },
    );
  }

  function confirmDelete() {
    if (toDelete === null) return;
    remove.mutate(
      { restaurantId, sectionId: toDelete.id },
      {
        onSuccess: () => toast.success(appText(i18n, 'app.admin.sections.deleted')),
        onError: () => toast.error(appText(i18n, 'app.admin.sections.saveFailed')),
        onSettled: () => setToDelete(null),
      },
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-card border border-line bg-white p-4 shadow-sm"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {appText(i18n, 'app.admin.sections.heading')}
        </h2>
        <p className="mt-1 text-sm text-body">{appText(i18n, 'app.admin.sections.intro')}</p>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-ink-soft">
          {appText(i18n, 'app.admin.sections.nameLabel')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            value={name}
            maxLength={SECTION_NAME_MAX}
            autoComplete="off"
            placeholder={appText(i18n, 'app.admin.sections.namePlaceholder')}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? errorId : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            className={`${inputClass(error !== null)} sm:flex-1`}
          />
          <Button type="submit" isLoading={create.isPending}>
            {appText(i18n, 'app.admin.sections.add')}
          </Button>
        </div>
        {error !== null && <FieldError id={errorId}>{error}</FieldError>}
      </form>

      {isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">{appText(i18n, 'app.admin.sections.loading')}</span>
          <Skeleton className="h-14 w-full" />
        </div>
      ) : sections === undefined ? null : sections.length === 0 ? (
        <p className="rounded-card border border-dashed border-line-strong p-4 text-center text-sm text-body">
          {appText(i18n, 'app.admin.sections.empty')}
        </p>
      ) : (
        <ul role="list" className="divide-y divide-line">
          {sections.map((section) => (
            <li
              key={section.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3"
            >
              <div className="min-w-0 sm:flex-1">
                <h3 id={`${headingId}-${section.id}`} className="truncate font-semibold text-ink">
                  {section.name}
                </h3>
                <p className="text-sm text-body">
                  {appText(i18n, 'app.admin.sections.tableCount', {
                    count: section.tableIds.length,
                  })}
                  {section.tableIds.length > 0 && (
                    <span className="text-muted">
                      {' — '}
                      {section.tableIds.map((id) => labels.get(id) ?? '').join(', ')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-body">
                  {section.servers.length === 0
                    ? appText(i18n, 'app.admin.sections.noServers')
                    : appText(i18n, 'app.admin.sections.servedBy', {
                        names: section.servers.map((s) => s.name).join(', '),
                      })}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  aria-describedby={`${headingId}-${section.id}`}
                  onClick={() => setToStaff(section)}
                >
                  {appText(i18n, 'app.admin.sections.editServers')}
                </Button>
                <Button
                  variant="ghost"
                  aria-describedby={`${headingId}-${section.id}`}
                  onClick={() => setToRename(section)}
                >
                  {appText(i18n, 'app.admin.tables.rename')}
                </Button>
                <Button
                  variant="ghost"
                  aria-describedby={`${headingId}-${section.id}`}
                  onClick={() => setToDelete(section)}
                >
                  {appText(i18n, 'app.admin.tables.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <RenameSectionDialog
        restaurantId={restaurantId}
        section={toRename}
        onClose={() => setToRename(null)}
      />
      <SectionServersDialog
        restaurantId={restaurantId}
        section={toStaff}
        staff={staff}
        onClose={() => setToStaff(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={appText(i18n, 'app.admin.sections.deleteTitle')}
        message={
          toDelete && appText(i18n, 'app.admin.sections.deleteConfirm', { section: toDelete.name })
        }
        confirmLabel={appText(i18n, 'app.admin.tables.delete')}
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

function RenameSectionDialog({
  restaurantId,
  section,
  onClose,
}: {
  restaurantId: string;
  section: Section | null;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const inputRef = useRef<HTMLInputElement>(null);
  const rename = useRenameSection();
  return (
    <Dialog
      open={section !== null}
      title={appText(i18n, 'app.admin.sections.renameTitle')}
      isBusy={rename.isPending}
      initialFocusRef={inputRef}
      onClose={onClose}
    >
      {section && (
        <RenameSectionForm
          key={section.id}
          restaurantId={restaurantId}
          section={section}
          inputRef={inputRef}
          rename={rename}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function RenameSectionForm({
  restaurantId,
  section,
  inputRef,
  rename,
  onClose,
}: {
  restaurantId: string;
  section: Section;
  inputRef: React.RefObject<HTMLInputElement | null>;
  rename: ReturnType<typeof useRenameSection>;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState(section.name);
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(appText(i18n, 'app.admin.sections.nameRequired'));
      return;
    }
    rename.mutate(
      { restaurantId, sectionId: section.id, name: trimmed },
      {
        onSuccess: () => {
          toast.success(appText(i18n, 'app.admin.sections.renamed'));
          onClose();
        },
        onError: (err) => setError(nameRefusal(i18n, err)),
      },
    );
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-ink-soft">
          {appText(i18n, 'app.admin.sections.nameLabel')}
        </label>
        <input
          id={inputId}
          ref={inputRef}
          value={name}
          maxLength={SECTION_NAME_MAX}
          autoComplete="off"
          aria-invalid={error !== null}
          aria-describedby={error !== null ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          className={inputClass(error !== null)}
        />
        {error !== null && <FieldError id={errorId}>{error}</FieldError>}
      </div>
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

function SectionServersDialog({
  restaurantId,
  section,
  staff,
  onClose,
}: {
  restaurantId: string;
  section: Section | null;
  staff: StaffMember[];
  onClose: () => void;
}) {
  const i18n = useI18n();
  const save = useSetSectionServers();
  return (
    <Dialog
      open={section !== null}
      title={
        section ? appText(i18n, 'app.admin.sections.serversTitle', { section: section.name }) : ''
      }
      description={appText(i18n, 'app.admin.sections.serversHint')}
      isBusy={save.isPending}
      onClose={onClose}
    >
      {section && (
        <SectionServersForm
          key={section.id}
          restaurantId={restaurantId}
          section={section}
          staff={staff}
          save={save}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function SectionServersForm({
  restaurantId,
  section,
  staff,
  save,
  onClose,
}: {
  restaurantId: string;
  section: Section;
  staff: StaffMember[];
  save: ReturnType<typeof useSetSectionServers>;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(section.servers.map((s) => s.id)),
  );
  const active = staff.filter((s) => s.deactivatedAt === null);
  function toggle(id: string) {
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { restaurantId, sectionId: section.id, serverIds: [...chosen] },
      {
        onSuccess: () => {
          toast.success(
            appText(i18n, 'app.admin.sections.serversSaved', { section: section.name }),
          );
          onClose();
        },
        onError: () => toast.error(appText(i18n, 'app.admin.sections.saveFailed')),
      },
    );
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {active.length === 0 ? (
        <p className="text-sm text-body">{appText(i18n, 'app.admin.sections.noStaff')}</p>
      ) : (
        <fieldset className="space-y-1">
          <legend className="sr-only">
            {appText(i18n, 'app.admin.sections.serversTitle', { section: section.name })}
          </legend>
          {active.map((member) => (
            <label
              key={member.id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control px-2 hover:bg-sunken"
            >
              <input
                type="checkbox"
                checked={chosen.has(member.id)}
                onChange={() => toggle(member.id)}
                className="size-5 shrink-0 accent-brand-600"
              />
              <span className="min-w-0 truncate text-ink">{member.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={save.isPending} onClick={onClose}>
          {appText(i18n, 'app.admin.tables.cancel')}
        </Button>
        <Button type="submit" isLoading={save.isPending} disabled={active.length === 0}>
          {appText(i18n, 'app.admin.tables.save')}
        </Button>
      </div>
    </form>
  );
}
