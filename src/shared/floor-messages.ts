/**
 * Issue 12's staff texts (decisions 028-030; not quoted by SPEC): the console's request actions, the history and the
 * settings. The companion of messages.ts, in a module of its own: a bundler keeps or drops whole modules per chunk,
 * and the guest page's first load (decision 016, 90 KB budget) imports messages.ts but never these.
 */
export const FLOOR_MSG = {
  requestTakenBy: (name: string) => `${name} is already on it.`,
  requestTakenBySomeone: 'Someone else is already on it.',
  requestAlreadyCompleted: 'This request was already completed.',
  requestAlreadyDismissed: 'This request was dismissed.',
  requestCancelledByGuest: 'The guest cancelled this request.',
  onMyWay: 'On my way',
  dismiss: 'Dismiss',
  dismissConfirmTitle: 'Dismiss this request?',
  dismissConfirmBody:
    'Dismiss it only if it was pressed by accident or is a duplicate. The guest page stops showing it.',
  requestAcknowledged: 'You are on your way',
  requestDismissed: 'Request dismissed',
  acknowledgeRequestFailed: 'Failed to take request',
  dismissRequestFailed: 'Failed to dismiss request',
  takenBy: (name: string) => `Taken by ${name}`,
  takenBySomeone: 'Taken',
  historyTitle: 'Today’s requests',
  historyEmpty: 'No handled requests yet today.',
  historyLoadFailed: 'Failed to load the request history',
  historyMore: 'Show more',
  showServerNamesLabel: 'Show the server’s first name to guests',
  showServerNamesHint: 'On: “Anna is on the way”. Off: “Your server is on the way”.',
} as const;
