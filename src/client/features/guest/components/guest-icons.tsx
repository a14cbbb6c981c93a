import type { RequestType } from '@shared/rules';
import type { RequestKind, RequestTypesConfig } from '@shared/request-types';
import {
  REQUEST_EXTRA_ICON_PATHS,
  REQUEST_TYPE_ICON_PATHS,
  requestTypeIconPath,
  StrokeIcon,
} from '../../../components/ui/request-type-icon';

// Inline SVG rather than emoji: emoji fonts are missing on some devices and kiosks, and SVG follows the
// button's text colour (which is chosen for contrast against the restaurant's colour).
const PATHS: Record<RequestType | keyof typeof REQUEST_EXTRA_ICON_PATHS | 'sent' | 'star', string> =
  {
    ...REQUEST_TYPE_ICON_PATHS,
    ...REQUEST_EXTRA_ICON_PATHS,
    sent: 'M5 12.5l4.5 4.5L19 7.5',
    star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z',
  };

export function GuestIcon({
  name,
  className = 'size-8',
}: {
  name: keyof typeof PATHS;
  className?: string;
}) {
  return <StrokeIcon d={PATHS[name]} className={className} />;
}

/** A request type's icon on the guest page: SPEC's four, or the icon the owner picked for a button (decision 087). */
export function GuestTypeIcon({
  type,
  requestTypes,
  className = 'size-8',
}: {
  type: RequestKind;
  requestTypes: RequestTypesConfig;
  className?: string;
}) {
  return <StrokeIcon d={requestTypeIconPath(type, requestTypes)} className={className} />;
}
