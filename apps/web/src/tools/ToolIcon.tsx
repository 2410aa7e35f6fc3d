import type { ToolDefinition } from '@pagewright/contracts';
import { ThemeIcon, type MantineSize } from '@mantine/core';
import { categoryColors, toolIcons } from './toolIcons';

export function ToolIcon({ tool, size = 'lg' }: { tool: ToolDefinition; size?: MantineSize | number }) {
  const Icon = toolIcons[tool.pageName];
  const px = typeof size === 'number' ? size : { xs: 20, sm: 26, md: 32, lg: 40, xl: 52 }[size];
  return (
    <ThemeIcon size={px} radius="md" variant="light" color={categoryColors[tool.category]} aria-hidden="true">
      <Icon size={Math.round(px * 0.58)} stroke={1.7} />
    </ThemeIcon>
  );
}
