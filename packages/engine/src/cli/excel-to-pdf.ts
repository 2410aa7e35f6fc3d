import { toPdfCommand } from '../office/cli-command.js';

export const excelToPdfCommand = toPdfCommand('excel-to-pdf', 'spreadsheets');
