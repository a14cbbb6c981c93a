import { INTERNAL_ERROR } from './internal-error';

/**
 * Every user-facing text that SPEC.md quotes, verbatim, in one place.
 * Server error messages and client toasts both come from here.
 */
export const MSG = {
  // Integrations (issue 24, decisions 075-076; not quoted by SPEC)
  tokenScopeRefused: 'This API token may not call this endpoint.',
  tokenNotFound: 'API token not found',
  tokenLimit: 'This restaurant has as many API tokens as it may have. Revoke one first.',
  webhookNotFound: 'Webhook endpoint not found',
  webhookLimit: 'This restaurant has as many webhook endpoints as it may have. Delete one first.',
  webhookUrlRefused:
    'The webhook URL must use HTTPS and reach a public address (not a private, loopback or link-local one).',
  deliveryNotFound: 'Delivery not found',
  // §5 Create restaurant
  restaurantNameRequired: 'Please enter a restaurant name',
  lastRestaurant: 'Cannot delete the last restaurant. At least one restaurant is required.',
  // §5 Add table
  tableNumberRequired: 'Please enter a table number',
  noRestaurantSelected: 'No restaurant selected',
  tableNumberExists: 'Table number already exists',
  // §5 Add server
  pinsDoNotMatch: 'PINs do not match',
  pinRule: 'PIN must be 4-6 digits',
  loginIdMin: 'Login ID must be at least 3 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordRule:
    'Password must be at least 8 characters long and contain at least one letter, one number, and one special character.',
  emailRequired: 'Email is required',
  // §5 Login
  verifyEmailFirst: 'Please verify your email before logging in.',
  // §5 Settings
  settingsNameRequired: 'Restaurant name is required',
  logoNotImage: 'Selected file must be an image',
  logoTooLarge: 'File size must be less than 2MB',
  /** Not quoted by SPEC (issue 14, decision 026): a small file may still decode to a huge bitmap. */
  logoTooManyPixels: 'The logo must be at most 4096 × 4096 pixels.',
  // §8 PIN login
  loginIdNotFound: 'Login ID not found',
  pinNotConfigured: 'PIN not configured for this server',
  incorrectPin: 'Incorrect PIN',
  loginFailed: 'Login failed. Please try again.',
  // §8 Admin login
  invalidCredentials: 'Invalid email or password',
  resendVerification: 'Resend verification email',
  verificationSent: 'Verification email sent! Please check your inbox.',
  profileNotFound: 'User profile not found. This should not happen.',
  // §8 Add server
  loginIdTaken: 'This Login ID is already taken. Please choose another one or select a suggestion.',
  noLoginIdSuggestions:
    "We couldn't find any available login IDs based on your entry. Please try a different ID.",
  emailInUse: 'This email is already registered',
  addStaffFailed: 'Failed to add staff member',
  // §8 Other failure toasts
  loadTablesFailed: 'Failed to load tables',
  createTableFailed: 'Failed to create table',
  deleteTableFailed: 'Failed to delete table',
  loadDashboardFailed: 'Failed to load dashboard data',
  loadStaffFailed: 'Failed to load staff members',
  deleteStaffFailed: 'Failed to delete staff member',
  deleteUserFailed: 'Failed to delete user',
  loadRestaurantsFailed: 'Failed to load restaurants',
  createRestaurantFailed: 'Failed to create restaurant',
  linkRestaurantFailed: 'Failed to link restaurant to your profile.',
  updateSettingsFailed: 'Failed to update restaurant settings',
  uploadLogoFailed: 'Failed to upload logo',
  deleteLogoFailed: 'Failed to delete logo',
  deleteAccountFailed: 'Failed to delete account. Please try again.',
  restaurantNotFound: 'Restaurant not found or was deleted',
  loadRestaurantFailed: 'Failed to load restaurant data',
  selectedRestaurantSwitched: 'Selected restaurant not found. Switched to available restaurant.',
  completeRequestFailed: 'Failed to complete request',
  assignTableFailed: 'Failed to assign table',
  unassignTableFailed: 'Failed to unassign table',
  // §8 Success toasts
  restaurantCreated: 'Restaurant created successfully',
  tableCreated: 'Table created successfully',
  tableDeleted: 'Table deleted successfully',
  staffAdded: 'Staff member added successfully',
  serverAdded: (loginId: string) => `Server added successfully! Their login ID is ${loginId}`,
  loginSuccessful: 'Login successful!',
  logoUploaded: 'Logo uploaded successfully',
  logoDeleted: 'Logo deleted successfully',
  accountDeleted: 'Account deleted successfully',
  requestCompleted: 'Request marked as completed',
  tableAssigned: (number: string) => `Table ${number} assigned successfully`,
  tableUnassigned: 'Table unassigned successfully',
  // §8 Guest
  guestSendFailed: 'Failed to send request.',
  newRequestFrom: (label: string) => `New Request from Table ${label}`,
  // §2 guest page
  tableNotFoundTitle: 'Table Not Found',
  tableNotFoundBody: "The table you're looking for doesn't exist.",
  // §5 delete confirmations
  serverDeleteAccountConfirm:
    'Are you sure you want to delete your account? This action cannot be undone. All your assigned tables will be unassigned.',
  // Product decisions (not quoted by SPEC; see docs/decisions)
  cooldownActive: (seconds: number) =>
    `Please wait ${seconds} seconds before sending another request from this table.`,
  notSignedIn: 'Please sign in to continue.',
  forbidden: 'You do not have access to this.',
  notFound: 'Not found.',
  badRequest: 'The request was not valid.',
  controlCharacters: 'Text cannot contain control characters such as line breaks or tabs.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
  internalError: INTERNAL_ERROR,
  // Recovery (issue 14; decision 027): the database is unreachable for a moment (a restart, a fail-over).
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  guestServiceUnavailable:
    'Staff could not be called just now: the service is briefly unavailable. Please try again in a moment.',
  onlyServersAssign: 'Only servers can assign tables to themselves.',
  notYourTable: 'This table is assigned to another server.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedContentType: 'Unsupported content type.',
  crossSiteRefused: 'Cross-site request refused.',
  jsonRequired: 'Requests that change data must be sent as JSON.',
  tableAssignedToOther: 'This table is already assigned to another server.',
  requestNotFound: 'Request not found.',
  tableNotFound: 'Table not found.',
  // Issue 14: restaurants per admin are capped (MAX_RESTAURANTS_PER_ADMIN; docs/decisions/024)
  restaurantLimit: (max: number) =>
    `You can have at most ${max} restaurants. Delete one before creating another.`,
  // Issue 25: tables and staff per restaurant are capped (MAX_TABLES_PER_RESTAURANT, MAX_STAFF_PER_RESTAURANT)
  tableLimit: (max: number) =>
    `A restaurant can have at most ${max} ${max === 1 ? 'table' : 'tables'}. Delete one before adding another.`,
  staffLimit: (max: number) =>
    `A restaurant can have at most ${max} ${max === 1 ? 'staff member' : 'staff members'}. Delete one before adding another.`,
  // Accounts (issue 4; product decisions, not quoted by SPEC)
  verificationLinkInvalid: 'This verification link is invalid or has expired.',
  emailVerified: 'Your email is verified. You can now sign in.',
  invalidEmail: 'Please enter a valid email address',
  cannotDeleteSelf: 'You cannot delete your own account here.',
  userNotFound: 'User not found.',
  // Admin suite (issue 3; product decisions, not quoted by SPEC)
  staffNotFound: 'Staff member not found.',
  loginIdCharacters: 'Login ID may contain only letters, digits, dots, dashes and underscores',
  timeZoneInvalid: 'Please choose a time zone from the list, e.g. Europe/Berlin.',
  // Issue 15 (not quoted by SPEC)
  languageInvalid: 'Please choose one of the listed languages.',
  // Staff alerting (issue 5; product decisions, not quoted by SPEC)
  requestOverdue: (label: string) => `Still waiting: Table ${label}`,
  overdueBody: (typeTitle: string, minutes: number) =>
    `${typeTitle} — pending for over ${minutes} min`,
  pushEndpointInvalid: 'The push endpoint must be an https URL of at most 2 KB.',
  pushServiceNotAllowed: "This browser's push service is not supported.",
  pushSubscriptionNotFound: 'No such push subscription on this account.',
  // Floor boards (issue 28 item 4, decision 080; not quoted by SPEC)
  boardNameRequired: 'Please give the board a name.',
  boardCodeInvalid: 'This pairing code is not valid. Codes work once, for 10 minutes.',
  boardNotFound: 'Floor board not found.',
  boardNotPaired: 'This screen is not paired with a restaurant.',
  boardLimit: (max: number) =>
    `A restaurant can have at most ${max} floor boards. Remove one before adding another.`,
  enableNotifications: 'Enable notifications',
  notificationsOn: 'Notifications on',
  notificationsBlocked: 'Notifications blocked',
  notificationsFailed: 'Notifications could not be turned on for this device. Please try again.',
  staffOffline: 'You are offline. The console reconnects by itself when the network is back.',
  guestOffline: 'You are offline. Please connect to the internet to call staff from your table.',
  installTitle: 'Install Table Service',
  installBody: 'Add the app to your home screen to get request alerts quickly, even full screen.',
  // The guest page's side of issue 12 (decisions 029, 031; not quoted by SPEC)
  guestServerOnTheWay: (firstName: string) => `${firstName} is on the way`,
  guestSomeoneOnTheWay: 'Your server is on the way',
  guestRequestDone: 'Done ✓',
  guestSentAgo: (ago: string) => `Sent ${ago}`,
  guestWaiting: 'Waiting for a server',
  guestAlreadyIn: (label: string, ago: string, seconds: number) =>
    `This table’s request is already in: ${label}, sent ${ago}. You can send another request in ${seconds}s.`,
  guestCooldown: (seconds: number) => `You can send another request in ${seconds}s`,
  guestAnnounceSent: (label: string, seconds: number) =>
    `${label}: request sent. You can send another request in ${seconds} seconds.`,
  guestAnnounceReady: 'You can send a request again.',
  // A press's idempotency key (decision 056; not quoted by SPEC)
  pressKeyInvalid:
    'The Idempotency-Key header must be 16 to 64 characters: letters, digits, hyphens or underscores.',
  pressKeyReused: 'This Idempotency-Key was already used for another request at this table.',
  // Staff managed in place (issue 26; decisions 068, 069; not quoted by SPEC)
  accountDeactivated:
    'This account has been deactivated. Ask the restaurant’s owner to reactivate it.',
  notPinAccount: 'This account signs in with email and password, not with a login ID and PIN.',
  notPasswordAccount: 'This account signs in with a login ID and PIN, not with email and password.',
  staffDeactivated: 'Reactivate this staff member first.',
  resetMailTooSoon:
    'A reset mail was sent moments ago. Please wait a few minutes before sending another.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  staffChangeEmpty: 'Nothing to change.',
  // A guest's note, cancel and bill method (decisions 070, 071; not quoted by SPEC). The guest page words them in
  // the guest's language by code.
  noteTooLong: 'A note can be at most 140 characters.',
  noteInvalid:
    'A note cannot contain line breaks, tabs or invisible characters (such as zero-width or direction marks).',
  notYourRequest: 'Only the phone that sent this request can change it.',
  cancelTooLate: 'Your server is already on the way: this request can no longer be cancelled.',
  requestClosed: 'This request is no longer open.',
  notABill: 'Only a bill has a payment method.',
  // The restaurant's own buttons (issue 29 item 2, decision 087; not quoted by SPEC)
  buttonLabelRequired: 'A button needs a label in English or in the restaurant’s guest language.',
  buttonLabelTooLong: 'A button label can be at most 32 characters.',
  buttonLabelInvalid: 'A button label cannot contain line breaks, tabs or invisible characters.',
  buttonIconInvalid: 'Choose the button’s icon from the list.',
  buttonsTooMany: 'A restaurant can have at most 8 buttons of its own.',
  buttonsNoneEnabled:
    'Guests need at least one button: show one of the four or add one of your own.',
  buttonsExhausted: 'This restaurant has made 48 buttons of its own, the most it can.',
  buttonNotFound: 'This button was deleted meanwhile. Reload the page and try again.',
  requestTypeUnavailable: 'This button is no longer available here. Please reload the page.',
  // Sections and the owner's assignment (issue 27, decision 077; not quoted by SPEC)
  sectionNotFound: 'Section not found.',
  sectionNameRequired: 'Please enter a section name',
  sectionNameExists: 'A section with this name already exists',
  sectionLimit: (max: number) =>
    `A restaurant can have at most ${max} sections. Delete one before adding another.`,
  // Shifts and hand-overs (issue 27 item 3, decisions 094–096; not quoted by SPEC)
  shiftAlreadyOpen: 'Your shift has already started.',
  notOnDuty: 'Start your shift first.',
  shiftHoldsWork: (tables: string, tableCount: number, requestCount: number) =>
    `You still hold ${tableCount === 0 ? 'no tables' : tables} and ${requestCount} open ${requestCount === 1 ? 'request' : 'requests'}. Hand them over to a colleague on duty before ending your shift.`,
  shiftNotFound: 'Shift not found.',
  shiftEnded: 'This shift has already ended.',
  colleagueNotOnDuty: 'This colleague is not on duty. Ask them to start their shift first.',
  handoverToSelf: 'Choose a colleague to hand over to, not yourself.',
  handoverNotFound: 'Hand-over not found.',
  handoverClosed: 'This hand-over is no longer open.',
  handoverPending: 'You have already offered a hand-over. Cancel it before offering another.',
  // A party's visit (issue 27 item 4, decisions 092, 093; not quoted by SPEC)
  tableAlreadySeated: 'This table is already seated.',
  tableAlreadyClear: 'This table is already clear.',
  // "Did you get what you needed?" and the rating after the bill (decisions 082, 083).
  requestNotDone: 'This request is not done yet.',
  feedbackGiven: 'You have already answered for this request.',
  feedbackExpired: 'It is too late to answer for this request.',
  notABillRating: 'Only a bill can be rated.',
  commentTooLong: 'A comment can be at most 500 characters.',
  commentInvalid:
    'A comment cannot contain line breaks, tabs or invisible characters (such as zero-width or direction marks).',
  // Remote presses and pranks (issue 27 item 5, decisions 088, 089; not quoted by SPEC). The guest page words them
  // in the guest's language by code; none of them accuses the guest.
  restaurantClosed:
    'The restaurant is closed right now, so calls from the table are off. Please ask a member of staff.',
  restaurantBusy:
    'Many calls are coming in at the moment. Please wait a minute and try again, or ask a member of staff.',
  pressBlocked:
    'Calls from this phone are paused at this restaurant for now. Please ask a member of staff.',
  tableCodeReplaced:
    'This QR code is no longer valid: the restaurant has printed new ones. Please scan the code on your table again.',
  blockNotFound: 'This pause was lifted or has ended.',
  deviceIdInvalid:
    'The X-Device-Id header must be 16 to 64 characters: letters, digits, hyphens or underscores.',
} as const;
