import { ActionIcon, Button, Group, Paper, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconDeviceDesktop, IconSparkles } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAccount } from '../account/accountStore';
import { useLocalizedPath } from '../app/paths';
import {
  activityBoxCollapsed,
  activityBoxVisible,
  clearActivityBoxOnUnload,
  collapseActivityBox,
  expandActivityBox,
} from './activityBox';
import { currentOperatingSystem } from './operatingSystem';
import { useShellConfig } from './shellApi';
import classes from './ActivityBox.module.css';

/**
 * The activity box of SPEC §2 and §4, bottom right in the /app shell: the desktop-app
 * promotion when the operator offers a download for this system, otherwise the free AI trial
 * for non-members. The arrow collapses it until the page unloads.
 */
export function ActivityBox() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const localized = useLocalizedPath();
  const { pay, ai } = useAccount();
  const config = useShellConfig();
  const [collapsed, setCollapsed] = useState(() => activityBoxCollapsed());
  useEffect(() => clearActivityBoxOnUnload(), []);

  if (!activityBoxVisible(pathname)) return null;
  const os = currentOperatingSystem();
  const desktopLink = os === 'windows' || os === 'mac' ? config.downloads[os] : '';
  if (desktopLink === '' && (pay || ai)) return null;

  if (collapsed) {
    return (
      <Paper className={classes.tab} shadow="md" radius="xl" data-testid="activity-box" data-collapsed="true">
        <ActionIcon
          variant="filled"
          radius="xl"
          size="lg"
          aria-label={t('shell.activity.expand')}
          aria-expanded={false}
          onClick={() => {
            expandActivityBox();
            setCollapsed(false);
          }}
        >
          <IconChevronUp size={18} />
        </ActionIcon>
      </Paper>
    );
  }

  return (
    <Paper
      component="aside"
      aria-label={t('shell.activity.label')}
      className={classes.box}
      shadow="lg"
      radius="lg"
      p="md"
      withBorder
      data-testid="activity-box"
      data-collapsed="false"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb={6}>
        <Group gap={8} wrap="nowrap">
          {desktopLink ? <IconDeviceDesktop size={20} aria-hidden="true" /> : <IconSparkles size={20} aria-hidden="true" />}
          <Text fw={700} fz="sm">{desktopLink ? t('shell.activity.desktopTitle') : t('shell.activity.trialTitle')}</Text>
        </Group>
        <ActionIcon
          variant="subtle"
          color="dark"
          aria-label={t('shell.activity.collapse')}
          aria-expanded
          onClick={() => {
            collapseActivityBox();
            setCollapsed(true);
          }}
        >
          <IconChevronDown size={18} />
        </ActionIcon>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        {desktopLink ? t('shell.activity.desktopBody') : t('shell.activity.trialBody')}
      </Text>
      {desktopLink ? (
        <Button component="a" href={desktopLink} size="xs" radius="xl" fullWidth>
          {t('shell.activity.desktopAction')}
        </Button>
      ) : (
        <Button component={Link} to={localized('/pricing')} size="xs" radius="xl" fullWidth>
          {t('shell.activity.trialAction')}
        </Button>
      )}
    </Paper>
  );
}
