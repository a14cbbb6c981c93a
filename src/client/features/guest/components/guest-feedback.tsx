/**
 * "Did you get what you needed?" after Done, and the private rating after the bill (issue 29 item 6, decisions 082,
 * 083). Loaded only when this phone's own request is completed (React.lazy in guest-table-page.tsx): the guest
 * page's first load does not carry it. The comment is plain text (drawn by React as text, never as HTML) and is
 * checked with the note's rules before it is sent; the server checks it again.
 */
import { useId, useState } from 'react';
import type { RequestKind } from '@shared/request-types';
import type { GuestRatingResponse, GuestRequestState } from '@shared/schemas';
import type { TableRef } from '@shared/paths';
import { routes } from '@shared/api/routes';
import { COMMENT_MAX, commentProblem, normalizeNote, noteLength } from '@shared/guest-note';
import { guestText } from '@shared/i18n/guest';
import type { GuestMessageId } from '@shared/i18n/compiled/guest';
import { ApiRequestError, call, type ResponseParser } from '../../../lib/api-client';
import { guestRequestStateResponse } from '../api/guest-responses';
import { useI18n } from '../../../lib/i18n';
import { Spinner } from '../../../components/ui/spinner';
import { GuestIcon } from './guest-icons';
import { isWebUrl } from './review-button';

/** The rating's answer, checked by hand: this page carries no zod (decision 016). */
const ratingResponse: ResponseParser<GuestRatingResponse> = {
  safeParse: (data) => {
    const value = data as Partial<GuestRatingResponse> | null;
    return typeof value === 'object' &&
      value !== null &&
      typeof value.stars === 'number' &&
      typeof value.offerReview === 'boolean'
      ? { success: true, data: { stars: value.stars, offerReview: value.offerReview } }
      : { success: false };
  },
};
// The bodies' types only; the server checks them.
const outcomeRoute = {
  ...routes.answerGuestOutcome,
  body: undefined as unknown as { pressKey: string; resolved: boolean },
  responses: { 200: guestRequestStateResponse },
};
const ratingRoute = {
  ...routes.rateGuestBill,
  body: undefined as unknown as { pressKey: string; stars: number; comment?: string },
  responses: { 200: ratingResponse },
};

export interface GuestFeedbackProps {
  table: TableRef;
  requestId: string;
  type: RequestKind;
  /** The press's own key (decision 071): only the phone that pressed may answer. */
  pressKey: string;
  /** The restaurant's public review link, offered after a good rating only (when the server says so). */
  reviewUrl: string | null;
  color: string;
  /** The guest said no: the request is pending again. */
  onReopened: (request: GuestRequestState) => void;
  /** The guest is done with the card (answered, or "Not now"). */
  onClose: () => void;
}

type Step =
  | { kind: 'ask' }
  | { kind: 'rate' }
  | { kind: 'thanks'; message: GuestMessageId }
  | { kind: 'review' };

const STARS = [1, 2, 3, 4, 5] as const;
const button =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-control px-4 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ink focus-visible:ring-offset-2';

/** Why an answer was refused, in the guest's words. */
function refusalOf(error: unknown): GuestMessageId | 'given' {
  const code = error instanceof ApiRequestError ? error.code : undefined;
  if (code === 'feedback_given') return 'given';
  if (code === 'feedback_expired' || code === 'request_not_done') return 'guest.feedback.late';
  if (code === 'comment_too_long') return 'guest.rating.tooLong';
  if (code === 'comment_invalid') return 'guest.rating.invalid';
  return 'guest.changeFailed';
}

export default function GuestFeedback(props: GuestFeedbackProps) {
  const i18n = useI18n();
  const { table, requestId, pressKey, onClose } = props;
  const [step, setStep] = useState<Step>(
    props.type === 'bill' ? { kind: 'rate' } : { kind: 'ask' },
  );
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const commentId = useId();
  const hintId = useId();
  const errorId = useId();
  const starsName = useId();

  const fail = (failure: unknown) => {
    const refusal = refusalOf(failure);
    if (refusal === 'given') setStep({ kind: 'thanks', message: 'guest.feedback.thanks' });
    else setError(guestText(i18n, refusal, { max: COMMENT_MAX }));
  };

  function answer(resolved: boolean) {
    if (busy) return;
    setBusy(true);
    setError(null);
    call(outcomeRoute, { params: { ...table, requestId }, body: { pressKey, resolved } })
      .then(({ request }) => {
        if (!resolved) props.onReopened(request);
        setStep({
          kind: 'thanks',
          message: resolved ? 'guest.feedback.thanks' : 'guest.feedback.reopened',
        });
      }, fail)
      .finally(() => setBusy(false));
  }

  function rate() {
    if (busy) return;
    if (stars === null) {
      setError(guestText(i18n, 'guest.rating.choose'));
      return;
    }
    const text = normalizeNote(comment);
    const problem = text === null ? null : commentProblem(text);
    if (problem) {
      setError(
        guestText(
          i18n,
          problem === 'comment_too_long' ? 'guest.rating.tooLong' : 'guest.rating.invalid',
          {
            max: COMMENT_MAX,
          },
        ),
      );
      return;
    }
    setBusy(true);
    setError(null);
    call(ratingRoute, {
      params: { ...table, requestId },
      body: { pressKey, stars, ...(text ? { comment: text } : {}) },
    })
      .then(
        (result) =>
          setStep(
            result.offerReview && props.reviewUrl
              ? { kind: 'review' }
              : { kind: 'thanks', message: 'guest.rating.thanks' },
          ),
        fail,
      )
      .finally(() => setBusy(false));
  }

  const length = noteLength(comment);
  return (
    <section
      aria-labelledby={headingId}
      data-guest-feedback={step.kind}
      className="flex flex-col gap-3 rounded-panel border-2 border-line-strong bg-white p-4 text-ink shadow-sm"
    >
      {step.kind === 'ask' && (
        <>
          <h2 id={headingId} className="text-lg font-bold">
            {guestText(i18n, 'guest.feedback.question')}
          </h2>
          <div className="grid grid-cols-2 gap-2">
            <button
              type="button"
              data-feedback-answer="yes"
              aria-disabled={busy || undefined}
              onClick={() => answer(true)}
              className={`${button} border-2 border-success-700 bg-success-50 text-success-950 hover:bg-success-100`}
            >
              <GuestIcon name="sent" className="size-5 shrink-0" />
              {guestText(i18n, 'guest.feedback.yes')}
            </button>
            <button
              type="button"
              data-feedback-answer="no"
              aria-disabled={busy || undefined}
              onClick={() => answer(false)}
              className={`${button} border-2 border-line-strong bg-white text-ink hover:bg-sunken`}
            >
              {busy && <Spinner className="size-4" />}
              {guestText(i18n, 'guest.feedback.no')}
            </button>
          </div>
        </>
      )}
      {step.kind === 'rate' && (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            rate();
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend id={headingId} className="mb-2 text-lg font-bold">
              {guestText(i18n, 'guest.rating.question')}
            </legend>
            <div className="flex gap-1" dir="ltr">
              {STARS.map((n) => {
                const lit = stars !== null && n <= stars;
                return (
                  <label
                    key={n}
                    className="relative flex size-12 cursor-pointer items-center justify-center"
                  >
                    <input
                      type="radio"
                      name={starsName}
                      value={n}
                      checked={stars === n}
                      onChange={() => {
                        setStars(n);
                        setError(null);
                      }}
                      className="peer sr-only"
                    />
                    <span className="sr-only">
                      {guestText(i18n, 'guest.rating.stars', { count: n })}
                    </span>
                    <span
                      aria-hidden="true"
                      className={`rounded-control p-0.5 peer-focus-visible:ring-2 peer-focus-visible:ring-ink ${lit ? 'text-warning-500' : 'text-line-strong'}`}
                    >
                      <GuestIcon name="star" className={`size-9 ${lit ? 'fill-current' : ''}`} />
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1">
            <div className="flex items-baseline justify-between gap-2">
              <label htmlFor={commentId} className="text-sm font-medium">
                {guestText(i18n, 'guest.rating.comment')}
              </label>
              <span
                aria-hidden="true"
                className={`text-xs tabular-nums ${length > COMMENT_MAX ? 'font-semibold text-danger-700' : 'text-muted'}`}
              >
                {length}/{COMMENT_MAX}
              </span>
            </div>
            <input
              id={commentId}
              type="text"
              dir="auto"
              autoComplete="off"
              enterKeyHint="send"
              value={comment}
              onChange={(event) => {
                setComment(event.target.value);
                setError(null);
              }}
              aria-describedby={error ? `${errorId} ${hintId}` : hintId}
              className="min-h-12 w-full rounded-control border border-line-strong bg-white px-3 text-base text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ink"
            />
            <p id={hintId} className="text-xs text-muted">
              {guestText(i18n, 'guest.rating.hint', { max: COMMENT_MAX })}
            </p>
          </div>
          <button
            type="submit"
            aria-disabled={busy || undefined}
            className={`${button} self-start bg-ink text-white`}
          >
            {busy && <Spinner className="size-4" />}
            {guestText(i18n, 'guest.rating.send')}
          </button>
        </form>
      )}
      {step.kind === 'thanks' && (
        <p id={headingId} role="status" className="flex items-center gap-2 text-lg font-bold">
          <GuestIcon name="sent" className="size-6 shrink-0" />
          {guestText(i18n, step.message)}
        </p>
      )}
      {step.kind === 'review' && (
        <>
          <p id={headingId} role="status" className="text-lg font-bold">
            {guestText(i18n, 'guest.rating.reviewInvite')}
          </p>
          {props.reviewUrl && isWebUrl(props.reviewUrl) && (
            // A link, not review-button.tsx's button: the page's own review button keeps its fixed ids.
            <a
              href={props.reviewUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-feedback-review
              className={`${button} border-2 bg-white text-ink hover:bg-canvas`}
              style={{ borderColor: props.color }}
            >
              <GuestIcon name="star" className="size-6 text-warning-500" />
              {guestText(i18n, 'guest.review')}
            </a>
          )}
        </>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
      <button
        type="button"
        onClick={onClose}
        className="self-end text-sm font-medium text-body underline underline-offset-2 hover:text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ink"
      >
        {guestText(
          i18n,
          step.kind === 'ask' || step.kind === 'rate'
            ? 'guest.feedback.dismiss'
            : 'guest.feedback.close',
        )}
      </button>
    </section>
  );
}
