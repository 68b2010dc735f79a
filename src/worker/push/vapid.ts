/**
 * The worker's side of the VAPID keys (docs/push.md#the-vapid-keys): PocketBase's JS VM cannot
 * make a P-256 pair, so every worker makes one as it starts and offers it to the server, which
 * keeps the first offer it gets and answers the pair in force (src/hooks/config/vapid-keys.ts).
 * Before signing with a pair, the worker checks that its private key is the public key's, so a
 * wrong pair in VAPID_* fails loudly instead of every push being refused.
 */
import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import type { VapidKeyPair } from '../../domain/push/push-contract.ts';

/** A new pair, in the base64url the browsers' applicationServerKey and VAPID_* use. */
export function makeVapidOffer(): VapidKeyPair {
  return webpush.generateVAPIDKeys();
}

/** Throws unless `keys.privateKey` is the private key of `keys.publicKey`. */
export function checkVapidPair(keys: VapidKeyPair): void {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  if (ecdh.getPublicKey().toString('base64url') !== keys.publicKey) {
    throw new Error(
      "the server's VAPID private key does not belong to its public key (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)",
    );
  }
}
