import { isToolPageName, taskKindOf, type ToolDefinition } from '@pagewright/contracts';
import { Box } from '@mantine/core';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { ToolIcon } from '../tools/ToolIcon';
import { UnavailableNotice } from '../workspace/UnavailableNotice';
import { WorkspaceHeader } from '../workspace/WorkspaceHeader';

/**
 * A tool's workspace is the `*Page.tsx` in `tools/<page name>/` (its options panel around the
 * shared workspace); the conversions share one page, chosen by the tool's task kind. Each
 * loads on first visit.
 */
const pageModules = import.meta.glob<{ default: ComponentType }>('../tools/*/*Page.tsx');
const workspaces = new Map<string, LazyExoticComponent<ComponentType>>();
for (const [file, load] of Object.entries(pageModules)) {
  const folder = file.split('/').at(-2) ?? '';
  if (!isToolPageName(folder)) continue;
  if (workspaces.has(folder)) throw new Error(`tools/${folder} has more than one *Page.tsx`);
  workspaces.set(folder, lazy(load));
}

function workspaceOf(tool: ToolDefinition): LazyExoticComponent<ComponentType> | undefined {
  const own = workspaces.get(tool.pageName);
  if (own || taskKindOf(tool) !== 'converter') return own;
  const name = tool.pageName;
  const page = lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage(name)));
  workspaces.set(name, page);
  return page;
}

/** /app/<tool page name>: the tool's workspace, or a notice that it is not built yet. */
export function ToolPage({ tool }: { tool: ToolDefinition }) {
  const { t } = useTranslation();
  const title = t(`tools.${tool.pageName}.title`);
  useDocumentTitle(title);
  const Page = workspaceOf(tool);
  if (Page) return <Page />;
  return (
    <Box maw={1180} mx="auto" px={{ base: 14, sm: 24 }} py={28}>
      <WorkspaceHeader icon={<ToolIcon tool={tool} size="xl" />} title={title} description={t(`tools.${tool.pageName}.description`)} />
      <UnavailableNotice name={title} />
    </Box>
  );
}
