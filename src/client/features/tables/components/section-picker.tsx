import { useId, useState } from 'react';
import { appText } from '@shared/i18n/app';
import type { Section } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { useI18n } from '../../../lib/i18n';

const NONE = '';

/** Decision 077: puts the selected tables in one of the sections, or in none. */
export function SectionPicker({
  sections,
  count,
  isBusy,
  onMove,
}: {
  sections: readonly Section[];
  count: number;
  isBusy: boolean;
  onMove: (sectionId: string | null) => void;
}) {
  const i18n = useI18n();
  const selectId = useId();
  const [choice, setChoice] = useState<string>(sections[0]?.id ?? NONE);
  // A section deleted meanwhile is no longer a choice.
  const value = choice === NONE || sections.some((s) => s.id === choice) ? choice : NONE;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        {appText(i18n, 'app.admin.sections.moveLabel')}
      </label>
      <select
        id={selectId}
        value={value}
        onChange={(event) => setChoice(event.target.value)}
        className={`${inputClass(false)} max-w-40`}
      >
        {sections.map((section) => (
          <option key={section.id} value={section.id}>
            {section.name}
          </option>
        ))}
        <option value={NONE}>{appText(i18n, 'app.admin.sections.noSection')}</option>
      </select>
      <Button
        variant="secondary"
        disabled={count === 0}
        isLoading={isBusy}
        onClick={() => onMove(value === NONE ? null : value)}
      >
        {appText(i18n, 'app.admin.sections.move')}
      </Button>
    </div>
  );
}
