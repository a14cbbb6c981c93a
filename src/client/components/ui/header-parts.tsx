import { paths } from '@shared/paths';

/**
 * The header's look, shared by the staff app's header (app/header.tsx) and the sign-in page's, which is drawn by the
 * server and carries none of the staff app (decision 103).
 */

/** The product's own name, shown before a restaurant is chosen: a name, never translated. */
export const PRODUCT_NAME = 'Table Service';

export const HEADER = 'border-b border-line bg-white/95 backdrop-blur';
export const HEADER_ROW = 'mx-auto flex max-w-5xl items-center gap-2 px-4 py-2 md:gap-4';
export const BRAND =
  'flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-control focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';
export const BRAND_NAME = 'truncate text-lg font-bold text-ink';
export const ITEM =
  'flex min-h-11 items-center gap-2 rounded-control px-3 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';
export const ITEM_ACTIVE = 'bg-brand-50 text-brand-800';
export const ITEM_IDLE = 'text-body hover:bg-sunken hover:text-ink';
export const MENU_BUTTON =
  'relative inline-flex size-11 shrink-0 items-center justify-center rounded-control text-ink-soft hover:bg-sunken focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 md:hidden';
export const PHONE_MENU = 'mx-auto max-w-5xl border-t border-line px-4 pb-3 pt-2 md:hidden';

export function ProductMark() {
  return <img src="/favicon.svg" alt="" className="size-9 shrink-0" />;
}

/**
 * The product's mark and name as a plain link home, for the headers drawn by the server before any app runs (the
 * sign-in page, the console's first frame: decisions 103, 106).
 */
export function ProductHomeLink() {
  return (
    <a href={paths.root} className={BRAND}>
      <ProductMark />
      <span className={BRAND_NAME}>{PRODUCT_NAME}</span>
    </a>
  );
}

/** The phone menu button's icon: three lines, or a cross while the menu is open. */
export function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
