/**
 * The VAPID keys every instance signs pushes with (a subscription is bound to the public key), and the contact
 * subject the push services see.
 */
import type WebPush from 'web-push';
import type { Db } from '../../db/client';
import { insertSettingIfAbsent, readSetting } from './push.repo';

let webPushModule: Promise<typeof WebPush> | undefined;
/**
 * web-push, loaded on first use (issue 16, lean memory): an instance whose keys are already stored loads it with its
 * first notification, not at start.
 */
export function loadWebPush(): Promise<typeof WebPush> {
  return (webPushModule ??= import('web-push').then((m) => m.default));
}

const VAPID_SETTING = 'vapid_keys';

export interface VapidOptions {
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; when both are absent a pair is generated once and stored. */
  publicKey?: string;
  privateKey?: string;
  /** VAPID_SUBJECT: a mailto: or https: contact for the push services. */
  subject?: string;
}

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

export class VapidKeys {
  private keys: Promise<VapidKeyPair> | undefined;
  /** The contact sent with every push. */
  readonly subject: string;

  constructor(
    private readonly db: Db,
    publicUrl: string,
    private readonly options: VapidOptions,
  ) {
    const host = new URL(publicUrl).hostname;
    // Apple refuses a localhost subject; a mailto: contact works everywhere.
    this.subject =
      options.subject ??
      (publicUrl.startsWith('https://') && host !== 'localhost' && host !== '127.0.0.1'
        ? publicUrl
        : 'mailto:no-reply@table-service.invalid');
    if (!!options.publicKey !== !!options.privateKey) {
      throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
    }
  }

  /** Loads (or generates and stores) the keys; buildApp awaits it so bad keys stop the start. */
  async ready(): Promise<void> {
    const keys = await this.pair();
    // Keys or a subject from the environment may be malformed; a stored pair was made by web-push itself.
    if (!this.options.publicKey && !this.options.subject) return;
    const webpush = await loadWebPush();
    // Throws on a malformed key or subject.
    webpush.getVapidHeaders(
      'https://push.example',
      this.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
  }

  /** The pair, loaded once; a failed load is tried again on the next call. */
  pair(): Promise<VapidKeyPair> {
    this.keys ??= this.load().catch((err: unknown) => {
      this.keys = undefined;
      throw err;
    });
    return this.keys;
  }

  /**
   * Every instance must sign with the same keys. Without keys in the environment, each instance offers a fresh pair
   * and the database keeps the first: insert-if-absent, re-read.
   */
  private async load(): Promise<VapidKeyPair> {
    const { publicKey, privateKey } = this.options;
    if (publicKey && privateKey) return { publicKey, privateKey };
    const offered = (await loadWebPush()).generateVAPIDKeys();
    await insertSettingIfAbsent(this.db, VAPID_SETTING, JSON.stringify(offered), true);
    const stored = await readSetting(this.db, VAPID_SETTING);
    if (!stored) throw new Error('VAPID keys could not be stored');
    return JSON.parse(stored) as VapidKeyPair;
  }
}
