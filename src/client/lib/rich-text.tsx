import { Fragment, type ReactNode } from 'react';

const MARK = '\u0000';

/**
 * A catalogue text with elements (<code>, <strong>) in some of its placeholders: @lingui/core has no <Trans>, so
 * each element's placeholder gets a marker, and the translated text is split at the markers (decision 042).
 */
export function richText(
  format: (values: Record<string, string>) => string,
  elements: Record<string, ReactNode>,
): ReactNode {
  const marks = Object.fromEntries(
    Object.keys(elements).map((name) => [name, `${MARK}${name}${MARK}`]),
  );
  return format(marks)
    .split(MARK)
    .map((part, index) =>
      index % 2 === 1 ? <Fragment key={index}>{elements[part]}</Fragment> : part,
    );
}
