import { Avatar, Badge, Indicator, Menu, Text, UnstyledButton } from '@mantine/core';
import { timing, type UserInfo } from '@pagewright/contracts';
import { IconCrown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/paths';
import { signOut } from './session';
import { displayName, planLabelKey } from './userLabels';

/**
 * The signed-in user's avatar, with a pro badge for pay users, and the user-centre menu (SPEC
 * §2), which opens on a click or after hovering for a second (SPEC §9).
 */
export default function UserCentreMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const name = displayName(user);
  const pay = user.pay === 1;
  return (
    <Menu
      trigger="click-hover"
      openDelay={timing.userCentreHoverMs}
      closeDelay={timing.hoverMenuCloseMs}
      position="bottom-end"
      width={240}
      shadow="md"
      radius="md"
    >
      <Menu.Target>
        <UnstyledButton aria-label={t('account.menuLabel')} data-testid="account-avatar">
          <Indicator
            disabled={!pay}
            label={t('account.pro')}
            size={16}
            offset={4}
            position="bottom-end"
            color="yellow"
            data-testid={pay ? 'pro-badge' : undefined}
          >
            <Avatar src={user.avatar || null} name={name} alt={name} color="brand" radius="xl" />
          </Indicator>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="user-centre">
        <Menu.Label>
          <Text fz="sm" fw={600} c="dark" truncate>{name}</Text>
          <Text fz="xs" c="dimmed" truncate>{user.email}</Text>
        </Menu.Label>
        <Menu.Item component={Link} to={localized('/app/account')} leftSection={<IconUserCircle size={16} />} data-testid="account-centre-link">
          {t('account.centre')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={localized('/pricing')}
          leftSection={<IconCrown size={16} />}
          rightSection={<Badge size="sm" variant="light" data-testid="plan-label">{t(planLabelKey(user))}</Badge>}
        >
          {t('account.plan')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()} data-testid="sign-out">
          {t('account.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
