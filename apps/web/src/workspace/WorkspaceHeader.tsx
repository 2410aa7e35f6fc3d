import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title block of a tool or feature page: icon, title, one-line description. */
export function WorkspaceHeader({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <Group gap="md" wrap="nowrap" align="center" mb="lg">
      {icon}
      <Stack gap={2}>
        <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.2} data-testid="workspace-title">
          {title}
        </Title>
        <Text c="dimmed" fz={{ base: 'sm', sm: 'md' }}>{description}</Text>
      </Stack>
    </Group>
  );
}
