import { createHmac, timingSafeEqual } from 'node:crypto';

const WS_TOKEN_TTL_S = 24 * 60 * 60;

/**
 * Signed identities handed to the browser: the guest's `client_sign` (SPEC §6: message and
 * share calls carry it instead of a ws id) and the signed-in user's `ws_token`. Each carries
 * its id in clear plus an HMAC, so another module (or service) can check it without a lookup.
 */
export class IdentitySigner {
  constructor(private readonly secret: string) {}

  /** `<clientId>.<hmac>`. */
  clientSign(clientId: string): string {
    return `${clientId}.${this.mac(`client:${clientId}`)}`;
  }

  /** The client id a client_sign was made for, or null when it is not one of ours. */
  clientIdOf(sign: string): string | null {
    const [clientId, mac, extra] = sign.split('.');
    if (!clientId || !mac || extra !== undefined) return null;
    return equal(mac, this.mac(`client:${clientId}`)) ? clientId : null;
  }

  /** `<ws_id>.<expires epoch s>.<hmac>`, valid for a day. */
  wsToken(wsId: string, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + WS_TOKEN_TTL_S;
    return `${wsId}.${expires}.${this.mac(`ws:${wsId}.${expires}`)}`;
  }

  /** The ws id of an unexpired ws_token, or null. */
  wsIdOf(token: string, now = Date.now()): string | null {
    const [wsId, expires, mac, extra] = token.split('.');
    if (!wsId || !expires || !mac || extra !== undefined) return null;
    if (!/^\d+$/.test(expires) || Number(expires) * 1000 < now) return null;
    return equal(mac, this.mac(`ws:${wsId}.${expires}`)) ? wsId : null;
  }

  private mac(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url');
  }
}

function equal(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
