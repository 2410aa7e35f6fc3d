/** Every administrator command. A module adds its own with one line here. */
import { billingAdminCommands } from '../modules/billing/admin.js';
import { messagesAdminCommands } from '../modules/messages/admin.js';
import { templatesAdminCommands } from '../modules/templates/admin.js';
import type { AdminCommand } from './adminCommand.js';

export const adminCommands: AdminCommand[] = [
  ...billingAdminCommands,
  ...messagesAdminCommands,
  ...templatesAdminCommands,
];
