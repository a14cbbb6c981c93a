import type { RequestType } from '../../../../shared/rules';

// Inline SVG rather than emoji: emoji fonts are missing on some devices and kiosks, and SVG follows the
// button's text colour (which is chosen for contrast against the restaurant's colour).
const PATHS: Record<RequestType | 'sent' | 'star', string> = {
  // bell (call the server)
  server: 'M4 17h16M6 17a6 6 0 0 1 12 0M12 8V6m-2 0h4M3 20h18',
  // note and pencil (ready to order)
  order: 'M9 4h6a1 1 0 0 1 1 1v1H8V5a1 1 0 0 1 1-1ZM8 6H6v14h12V6h-2M9 11h6M9 15h4',
  // glass (refill)
  refill: 'M6 4h12l-1.5 15a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1L6 4Zm.5 5h11',
  // receipt (bill)
  bill: 'M6 3h12v18l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5L6 21V3Zm3 5h6m-6 4h6m-6 4h3',
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
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
