import { shareRoutes } from '@pagewright/contracts';
import { implement, type RouteImplementation } from '../../http/route.js';
import type { ShareService } from './service.js';

export function shareRoutesOf(shares: ShareService): RouteImplementation[] {
  return [
    implement(shareRoutes.shareFile, ({ body }, request) => shares.share(request.identity.owner, body, { qr: false })),
    implement(shareRoutes.shareFileQrcode, ({ body }, request) => shares.share(request.identity.owner, body, { qr: true })),
    implement(shareRoutes.getShareFile, ({ query }) => shares.sharedFile(query.share_code)),
    implement(shareRoutes.downloadShareFile, ({ query }) => shares.downloadUrl(query.share_code)),
    implement(shareRoutes.listShares, async (_input, request) => ({ shares: await shares.list(request.identity.owner) })),
    implement(shareRoutes.revokeShare, async ({ body }, request) => {
      await shares.revoke(request.identity.owner, body.share_code);
      return { ok: true as const };
    }),
  ];
}
