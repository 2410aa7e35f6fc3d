import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PanelTitle({ title, hint }: { title: string; hint?: ReactNode }) {
  return (
    <div>
      <Title order={2} fz="md">{title}</Title>
      {hint && <Text fz="sm" c="dimmed" mt={4}>{hint}</Text>}
    </div>
  );
}
