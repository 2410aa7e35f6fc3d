import { randomBytes } from 'node:crypto';
import {
  CatalogueError, messageReadStatuses, messageTemplateTypes,
  type Message, type MessageCaller, type MessageList, type OperationDetail, type UnreadCounts,
} from '@pagewright/contracts';
import type { Identity } from '../../http/identity.js';
import type { MessageRow, MessagesRepo } from './repo.js';

/** Checks a guest's client_sign; answers the client id it was made for, or null. */
export type ClientSignVerifier = (clientSign: string) => string | null;

export interface NewMessage {
  /** An owner (`u:<user_id>`), or null for everyone. */
  recipient: string | null;
  template_type: 1 | 2;
  title: string;
  remark: string;
  site_url?: string;
  icon_url?: string;
  site_img?: string;
}

export interface NewOperationResource {
  key: string;
  title: string;
  jump_url: string;
  /** Seconds since the epoch. */
  display_start_time: number;
  display_end_time: number;
}

const typesOf = (templateType: number): number[] => (templateType === messageTemplateTypes.all ? [] : [templateType]);

/** The message centre: who reads, their messages and unread counts, marking read; sending. */
export class MessagesService {
  constructor(private readonly repo: MessagesRepo, private readonly verifyClientSign: ClientSignVerifier) {}

  /**
   * The reader a call speaks for: the signed-in user (a wsid, if given, must be theirs), or
   * for a guest the client a valid client_sign was made for, which must be this browser.
   */
  readerOf(identity: Identity, caller: MessageCaller): string {
    if (identity.user) {
      if (caller.wsid !== undefined && caller.wsid !== identity.user.ws_id) throw new CatalogueError('MESSAGE_CALLER_MISMATCH');
      return identity.owner;
    }
    if (caller.wsid !== undefined) throw new CatalogueError('MESSAGE_CALLER_MISMATCH');
    const signed = caller.client_sign ? this.verifyClientSign(caller.client_sign) : null;
    if (signed === null) throw new CatalogueError('CLIENT_SIGN_INVALID');
    if (signed !== identity.clientId) throw new CatalogueError('MESSAGE_CALLER_MISMATCH');
    return identity.owner;
  }

  async unread(owner: string): Promise<UnreadCounts> {
    const counts = await this.repo.unreadByType(owner);
    const unreadMsg = counts.get(messageTemplateTypes.message) ?? 0;
    const unreadSystem = counts.get(messageTemplateTypes.system) ?? 0;
    return { total_unread_count: unreadMsg + unreadSystem, unread_msg_count: unreadMsg, unread_system_count: unreadSystem };
  }

  async list(owner: string, q: { template_type: number; current: number; page_size: number; read_status: number }): Promise<MessageList> {
    const { rows, total } = await this.repo.list(
      owner,
      { types: typesOf(q.template_type), unreadOnly: q.read_status === messageReadStatuses.unread },
      (q.current - 1) * q.page_size,
      q.page_size,
    );
    return { list: rows.map(toMessage), total, current: q.current, page_size: q.page_size };
  }

  async markRead(owner: string, q: { template_type: number; is_all: number; user_msg_ids: string[] }, now = Date.now()): Promise<{ updated: number }> {
    const updated = await this.repo.markRead(owner, typesOf(q.template_type), q.is_all === 1 ? 'all' : q.user_msg_ids, now);
    return { updated };
  }

  async send(m: NewMessage, now = Date.now()): Promise<string> {
    const msgId = randomBytes(12).toString('hex');
    await this.repo.insert({
      msg_id: msgId,
      recipient: m.recipient,
      template_type: m.template_type,
      title: m.title,
      remark: m.remark,
      icon_url: m.icon_url ?? '',
      site_img: m.site_img ?? '',
      site_url: m.site_url ?? '',
      created_at: now,
    });
    return msgId;
  }

  async operationDetail(key: string, now = Date.now()): Promise<OperationDetail> {
    const rows = await this.repo.showingResources(key, Math.floor(now / 1000));
    if (rows.length === 0) return { operation_list: [] };
    return {
      operation_list: [{
        key,
        resource_list: rows.map((r) => ({
          resource_id: r.resource_id,
          title: r.title,
          jump_url: r.jump_url,
          display_start_time: r.display_start_time,
          display_end_time: r.display_end_time,
        })),
      }],
    };
  }

  async addOperationResource(r: NewOperationResource, now = Date.now()): Promise<string> {
    const resourceId = randomBytes(8).toString('hex');
    await this.repo.insertResource({ ...r, resource_id: resourceId, created_at: now });
    return resourceId;
  }
}

function toMessage(row: MessageRow): Message {
  return {
    user_msg_id: row.msg_id,
    title: row.title,
    remark: row.remark,
    create_time: Math.floor(row.created_at / 1000),
    is_read: row.read_at === null ? 0 : 1,
    icon_url: row.icon_url,
    site_img: row.site_img,
    site_url: row.site_url,
    template_type: row.template_type === messageTemplateTypes.system ? 2 : 1,
  };
}
