import type { MessageBarResource } from '@pagewright/contracts';
import { Anchor, CloseButton, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShellConfig } from './shellApi';

const closedKey = 'pagewright.trafficBannerClosed';

function closedIds(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(closedKey) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The traffic banner of SPEC §4: the operator's current message-bar entry, until closed. */
export function TrafficBanner() {
  const { t } = useTranslation();
  const config = useShellConfig();
  const [closed, setClosed] = useState(closedIds);
  const entry: MessageBarResource | undefined = config.message_bar.resource_list.find((r) => !closed.includes(r.resource_id));
  if (!entry) return null;
  const close = () => {
    const next = [...closed, entry.resource_id];
    localStorage.setItem(closedKey, JSON.stringify(next));
    setClosed(next);
  };
  const internal = entry.jump_url.startsWith('/');
  return (
    <Group
      role="region"
      aria-label={t('shell.trafficBanner.label')}
      justify="center"
      gap="sm"
      wrap="nowrap"
      px="md"
      py={6}
      bg="dark.7"
      c="white"
      data-testid="traffic-banner"
    >
      <Text fz="sm" fw={600}>
        {entry.jump_url === '' ? entry.title : internal ? (
          <Anchor component={Link} to={entry.jump_url} c="white" underline="always">{entry.title}</Anchor>
        ) : (
          <Anchor href={entry.jump_url} c="white" underline="always" target="_blank" rel="noopener noreferrer">{entry.title}</Anchor>
        )}
      </Text>
      <CloseButton size="sm" variant="transparent" c="white" aria-label={t('shell.trafficBanner.close')} onClick={close} />
    </Group>
  );
}
