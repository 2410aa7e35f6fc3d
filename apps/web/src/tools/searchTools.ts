import { tools, type ToolDefinition } from '@pagewright/contracts';

/** Tools whose name contains the query, ignoring case and accents; best matches first. */
export function searchTools(query: string, titleOf: (tool: ToolDefinition) => string): ToolDefinition[] {
  const needle = fold(query.trim());
  if (needle === '') return [];
  const scored: { tool: ToolDefinition; score: number }[] = [];
  for (const tool of tools) {
    const title = fold(titleOf(tool));
    const index = Math.min(...[title.indexOf(needle), fold(tool.pageName).indexOf(needle)].map((i) => (i < 0 ? Infinity : i)));
    if (index !== Infinity) scored.push({ tool, score: index === 0 ? 0 : title.includes(` ${needle}`) ? 1 : 2 });
  }
  return scored.sort((a, b) => a.score - b.score).map((entry) => entry.tool);
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}
