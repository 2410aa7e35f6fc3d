import type { ToolDefinition } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { searchTools } from './searchTools';

const title = (tool: ToolDefinition) => tool.title;
const names = (query: string) => searchTools(query, title).map((tool) => tool.pageName);

describe('searchTools', () => {
  it('finds tools whose name contains the query, ignoring case', () => {
    expect(names('MERGE')).toEqual(['merge-pdf']);
    expect(names('excel')).toEqual(['excel-to-pdf', 'pdf-to-excel']);
  });

  it('puts names that start with the query first', () => {
    expect(names('pdf')[0]).toBe('pdf-to-word');
  });

  it('finds nothing for an empty query', () => {
    expect(names('  ')).toEqual([]);
  });
});
