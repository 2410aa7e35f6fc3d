import type { ToolDefinition } from '@pagewright/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toolPath, useLocalizedPath } from '../app/paths';
import { ToolIcon } from './ToolIcon';
import classes from './ToolCard.module.css';

export function ToolCard({ tool }: { tool: ToolDefinition }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <Link
      to={localized(toolPath(tool.pageName))}
      className={classes.card}
      data-testid="tool-card"
      data-tool={tool.pageName}
    >
      <ToolIcon tool={tool} size="lg" />
      <div>
        <Text fw={700} fz="md" className={classes.title}>
          {t(`tools.${tool.pageName}.title`)}
        </Text>
        <Text fz="sm" c="dimmed" lh={1.45} mt={4}>
          {t(`tools.${tool.pageName}.description`)}
        </Text>
      </div>
    </Link>
  );
}
