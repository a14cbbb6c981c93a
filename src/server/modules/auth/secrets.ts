import { hashSecret, verifySecret } from '../users/users.service';

/** A hash to verify against when the account does not exist, so both paths cost the same time. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashSecret('not-a-real-password-1!'));

/** Whether `secret` matches `hashed` (argon2id); a missing or broken hash never matches, in the same time. */
export async function safeVerify(hashed: string | null, secret: string): Promise<boolean> {
  try {
    return await verifySecret(hashed ?? (await getDummyHash()), secret);
  } catch {
    return false;
  }
}
