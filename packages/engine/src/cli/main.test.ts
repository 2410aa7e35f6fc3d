import { tools } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { mainHelp, subcommands } from './main.js';

describe('the CLI commands', () => {
  it('name one command after every tool the product runs, in the tool table order, then pdf-converter and info', () => {
    const built = tools.filter((t) => t.request).map((t) => t.pageName);
    expect(subcommands.map((c) => c.name)).toEqual([...built, 'pdf-converter', 'info']);
  });

  it('list every command in the main help', () => {
    const help = mainHelp();
    for (const command of subcommands) expect(help).toContain(`  ${command.name} `);
  });
});
