/**
 * Accounts the e2e database has besides the demo (scripts/e2e-seed.ts creates them before the server starts):
 * situations the demo does not cover and the app offers no way to reach (an admin is only ever made by the CLI).
 */
export const E2E_SEED = {
  /** SPEC §2 /login: an admin with no restaurant yet, as `npm run cli -- create-user --role admin` makes one. */
  adminWithoutRestaurant: {
    name: 'Nina Newcomer',
    email: 'newcomer@e2e.test',
    password: 'Newcomer-pass1!',
  },
  /** Issue 13: an owner who starts from nothing — names with accents, the QR origin warning, one restaurant. */
  firstRunOwner: {
    name: 'Léa Martin',
    email: 'lea@e2e.test',
    password: 'Lea-pass1!',
  },
  /** Issue 26: an owner who forgot their password (staff-manage.spec.ts resets it through the mailed link). */
  forgetfulOwner: {
    name: 'Fay Forgetful',
    email: 'fay@e2e.test',
    password: 'Fay-pass1!',
  },
  /** Issue 26 item 6: an owner of several restaurants (restaurants-overview.spec.ts creates them). */
  chainOwner: {
    name: 'Cai Chain',
    email: 'cai@e2e.test',
    password: 'Cai-pass1!',
  },
} as const;
