import { AdminError, stringOption, type AdminCommand } from '../../cli/adminCommand.js';
import { AuthRepo } from '../auth/repo.js';
import { MessagesRepo } from './repo.js';
import { MessagesService } from './service.js';

/** The administrator sends; no client_sign is ever checked here. */
const noGuests = () => null;

const sendMessage: AdminCommand = {
  name: 'send-message',
  summary: 'Sends a message to one user (--to) or to everyone, guests included (--all).',
  options: {
    to: { type: 'string', description: "the recipient's email" },
    all: { type: 'boolean', description: 'sends to everyone' },
    title: { type: 'string', required: true, description: 'the title' },
    remark: { type: 'string', required: true, description: 'the text' },
    type: { type: 'string', description: '1 a message (default), 2 system info' },
    url: { type: 'string', description: 'the page the History dialog shows (site_url)' },
    icon: { type: 'string', description: 'an icon URL' },
    image: { type: 'string', description: 'an image URL (site_img)' },
  },
  async run(values, ctx) {
    const to = stringOption(values, 'to');
    if ((to === undefined) === (values.all !== true)) throw new AdminError('give either --to <email> or --all');
    const type = stringOption(values, 'type') ?? '1';
    if (type !== '1' && type !== '2') throw new AdminError('--type is 1 (message) or 2 (system info)');
    let recipient: string | null = null;
    if (to !== undefined) {
      const user = await new AuthRepo(ctx.db).userByEmail(to.trim().toLowerCase());
      if (!user) throw new AdminError(`no user has the email ${to}`);
      // The same owner string a signed-in request's identity carries.
      recipient = `u:${user.user_id}`;
    }
    const url = stringOption(values, 'url');
    const icon = stringOption(values, 'icon');
    const image = stringOption(values, 'image');
    const id = await new MessagesService(new MessagesRepo(ctx.db), noGuests).send({
      recipient,
      template_type: type === '2' ? 2 : 1,
      title: stringOption(values, 'title')!,
      remark: stringOption(values, 'remark')!,
      ...(url ? { site_url: url } : {}),
      ...(icon ? { icon_url: icon } : {}),
      ...(image ? { site_img: image } : {}),
    });
    ctx.print(`sent message ${id} to ${to ?? 'everyone'}`);
  },
};

const seconds = (value: string | undefined, name: string, fallback: number): number => {
  if (value === undefined) return fallback;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new AdminError(`--${name} is a date such as 2025-01-31 or 2025-01-31T12:00:00Z`);
  return Math.floor(ms / 1000);
};

const addOperationResource: AdminCommand = {
  name: 'add-operation-resource',
  summary: 'Adds a message-bar entry that operation/detail answers for its key between two dates.',
  options: {
    key: { type: 'string', required: true, description: 'the resource key the web app asks for' },
    title: { type: 'string', required: true, description: 'the text shown' },
    url: { type: 'string', description: 'where the entry links to (jump_url)' },
    start: { type: 'string', description: 'when it starts showing (ISO date); now by default' },
    end: { type: 'string', description: 'when it stops showing (ISO date); in 30 days by default' },
  },
  async run(values, ctx) {
    const now = Date.now();
    const start = seconds(stringOption(values, 'start'), 'start', Math.floor(now / 1000));
    const end = seconds(stringOption(values, 'end'), 'end', start + 30 * 24 * 60 * 60);
    if (end <= start) throw new AdminError('--end must be after --start');
    const id = await new MessagesService(new MessagesRepo(ctx.db), noGuests).addOperationResource({
      key: stringOption(values, 'key')!,
      title: stringOption(values, 'title')!,
      jump_url: stringOption(values, 'url') ?? '',
      display_start_time: start,
      display_end_time: end,
    }, now);
    ctx.print(`added operation resource ${id}`);
  },
};

export const messagesAdminCommands: AdminCommand[] = [sendMessage, addOperationResource];
