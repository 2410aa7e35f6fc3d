import { toPdfCommand } from '../office/cli-command.js';

export const pptToPdfCommand = toPdfCommand('ppt-to-pdf', 'presentations');
